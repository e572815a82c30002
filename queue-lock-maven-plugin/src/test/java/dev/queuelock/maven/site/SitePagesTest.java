package dev.queuelock.maven.site;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and the site hold together: the README fits on a screen and links only to pages of
 * the site, every page is in a menu, and every menu item and link between pages is a page that
 * {@code mvn site} makes (a markdown page, a goal page of this plugin, or a project report).
 */
class SitePagesTest {

    private static final Path TOP = Path.of("..").toAbsolutePath().normalize();
    private static final Path PAGES = TOP.resolve("src/site/markdown");
    private static final Path PLUGIN = Path.of("").toAbsolutePath();

    /** The project-info reports the parent POM configures. */
    private static final Set<String> REPORTS = Set.of("project-info.html", "summary.html", "modules.html",
            "licenses.html", "team.html", "scm.html", "issue-management.html");

    private static final Pattern MARKDOWN_LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    private static final Pattern HREF = Pattern.compile("href=\"([^\"]+)\"");
    private static final Pattern MOJO = Pattern.compile("@Mojo\\(\\s*name\\s*=\\s*\"([^\"]+)\"");

    @Test
    void theReadmeFitsOnAScreen() throws IOException {
        assertThat(Files.readAllLines(TOP.resolve("README.md"), StandardCharsets.UTF_8)).hasSizeLessThanOrEqualTo(150);
    }

    @Test
    void everyReadmeLinkIsAPageOfTheSite() throws IOException {
        List<String> links = links(MARKDOWN_LINK, TOP.resolve("README.md"));
        assertThat(links).as("the README links into the site").isNotEmpty();
        Set<String> pages = sitePages();
        for (String link : links) {
            assertThat(link).as("README link %s: link a page as src/site/markdown/<page>.md", link)
                    .matches("src/site/markdown/[\\w.-]+\\.md");
            String page = link.substring("src/site/markdown/".length()).replaceFirst("\\.md$", ".html");
            assertThat(pages).as("README link %s is a page of the site", link).contains(page);
        }
    }

    @Test
    void everyPageIsInAMenu() throws IOException {
        Set<String> menu = new TreeSet<>(links(HREF, TOP.resolve("src/site/site.xml")));
        for (Path page : markdownPages()) {
            assertThat(menu).as("site.xml links %s", page.getFileName()).contains(html(page));
        }
    }

    @Test
    void everyMenuItemAndLinkBetweenPagesIsAPage() throws IOException {
        Set<String> pages = sitePages();
        List<String> links = new ArrayList<>(links(HREF, TOP.resolve("src/site/site.xml")));
        for (Path page : markdownPages()) {
            links.addAll(links(MARKDOWN_LINK, page));
        }
        for (String link : links) {
            // The site names a heading's anchor "Extension_overhead", a code host "extension-overhead".
            assertThat(link).as("link %s: name the section in words; anchors differ between renderers", link)
                    .doesNotContain("#");
            if (!link.matches("^[a-z]+:.*")) {
                assertThat(pages).as("link %s is a page of the site", link).contains(link);
            }
        }
    }

    /** Every page {@code mvn site} makes at the top of the staged site. */
    private static Set<String> sitePages() throws IOException {
        Set<String> pages = new TreeSet<>(REPORTS);
        for (Path page : markdownPages()) {
            pages.add(html(page));
        }
        pages.add("queue-lock-maven-plugin/index.html");
        pages.add("queue-lock-maven-plugin/plugin-info.html");
        for (String goal : goals()) {
            pages.add("queue-lock-maven-plugin/" + goal + "-mojo.html");
        }
        return pages;
    }

    private static Set<String> goals() throws IOException {
        Set<String> goals = new TreeSet<>(List.of("help"));
        try (Stream<Path> sources = Files.walk(PLUGIN.resolve("src/main/java"))) {
            for (Path source : sources.filter(p -> p.toString().endsWith(".java")).collect(Collectors.toList())) {
                Matcher m = MOJO.matcher(Files.readString(source, StandardCharsets.UTF_8));
                while (m.find()) {
                    goals.add(m.group(1));
                }
            }
        }
        return goals;
    }

    private static List<Path> markdownPages() throws IOException {
        try (Stream<Path> pages = Files.list(PAGES)) {
            return pages.filter(p -> p.toString().endsWith(".md")).sorted().collect(Collectors.toList());
        }
    }

    private static String html(Path page) {
        return page.getFileName().toString().replaceFirst("\\.md$", ".html");
    }

    private static List<String> links(Pattern pattern, Path file) throws IOException {
        List<String> links = new ArrayList<>();
        Matcher m = pattern.matcher(Files.readString(file, StandardCharsets.UTF_8));
        while (m.find()) {
            links.add(m.group(1));
        }
        return links;
    }
}

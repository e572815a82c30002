package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.cli.Main;
import dev.queuelock.repository.LaneDirectory;
import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The README and the site name only what exists: every {@code queuelock.*} key is a setting of the
 * catalog (or a property the build queue sets, or a test switch), every {@code queuelock:<goal>} a
 * goal of the plugin descriptor, and every CLI command one of the CLI's commands, run as the jar it
 * is ({@code java -jar queue-lock-core-<version>-cli.jar <command>}: there is no {@code queue-lock}
 * or {@code ql} program).
 */
class DocsNameWhatExistsTest {

    private static final Pattern KEY = Pattern.compile("(?<![\\w.])queuelock\\.[A-Za-z][\\w.]*[A-Za-z0-9]");
    private static final Pattern GOAL = Pattern.compile("(?<![\\w.])queuelock:([a-z][\\w-]*)");
    private static final Pattern CLI = Pattern.compile("-cli\\.jar\\s+([a-z][\\w-]*)");
    private static final Pattern NO_SUCH_PROGRAM = Pattern.compile("(?:`|\\$ )(?:queue-lock|ql) ([a-z][\\w-]*)");

    /** Test switches the docs tell a reader to set: they gate measurements, not the product. */
    private static final Set<String> TEST_SWITCHES = Set.of("queuelock.measure", Timing.PROPERTY);

    @Test
    void everyKeyNamedInTheDocsExists() throws IOException {
        List<String> unknown = findAll(KEY, 0).stream().filter(m -> !mayBeNamed(SettingsCatalog.standard(), m.name))
                .map(Mention::toString).collect(Collectors.toList());
        assertThat(unknown).as("keys no setting declares").isEmpty();
    }

    /** The {@code queuelock.*} names in {@code texts} that the docs may not name with {@code catalog}. */
    static List<String> unknownKeys(SettingsCatalog catalog, List<String> texts) {
        List<String> unknown = new ArrayList<>();
        for (String text : texts) {
            Matcher m = KEY.matcher(text);
            while (m.find()) {
                if (!mayBeNamed(catalog, m.group())) {
                    unknown.add(m.group());
                }
            }
        }
        return unknown;
    }

    /** A key of the catalog or a former name of one, a property the build queue sets (a lane's named ports too), or a test switch. */
    private static boolean mayBeNamed(SettingsCatalog catalog, String name) {
        return catalog.named(name).isPresent() || TEST_SWITCHES.contains(name)
                || catalog.all().stream().anyMatch(s -> name.equals(s.formerName()))
                || name.equals(LaneDirectory.NUMBER_PROPERTY) || name.equals(LaneDirectory.PORT_PROPERTY)
                || name.startsWith(LaneDirectory.NAMED_PORT_PREFIX);
    }

    @Test
    void everyGoalNamedInTheDocsExists() throws Exception {
        List<String> goals = PluginDescriptor.goals();
        List<String> unknown = findAll(GOAL, 1).stream().filter(m -> !goals.contains(m.name))
                .map(Mention::toString).collect(Collectors.toList());
        assertThat(unknown).as("goals the plugin does not have (it has %s)", goals).isEmpty();
    }

    @Test
    void everyCliCommandNamedInTheDocsExists() throws IOException {
        List<String> unknown = findAll(CLI, 1).stream().filter(m -> !Main.COMMANDS.contains(m.name))
                .map(Mention::toString).collect(Collectors.toList());
        assertThat(unknown).as("CLI commands that do not exist (there are %s)", Main.COMMANDS).isEmpty();
        assertThat(findAll(NO_SUCH_PROGRAM, 0)).as("commands of a program that does not exist: the CLI is "
                + "java -jar queue-lock-core-<version>-cli.jar <command>").isEmpty();
    }

    /** One name found in one page, with its line. */
    private static final class Mention {
        final String page;
        final int line;
        final String name;

        Mention(String page, int line, String name) {
            this.page = page;
            this.line = line;
            this.name = name;
        }

        @Override
        public String toString() {
            return page + ":" + line + ": " + name;
        }
    }

    private static List<Mention> findAll(Pattern pattern, int group) throws IOException {
        List<Mention> found = new ArrayList<>();
        for (Path page : pages()) {
            String text = Files.readString(page, StandardCharsets.UTF_8);
            Matcher m = pattern.matcher(text);
            while (m.find()) {
                int line = (int) text.substring(0, m.start()).chars().filter(c -> c == '\n').count() + 1;
                found.add(new Mention(page.getFileName().toString(), line, m.group(group)));
            }
        }
        return found;
    }

    private static List<Path> pages() throws IOException {
        Path root = Path.of("..");
        List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> site = Files.list(root.resolve("src/site/markdown"))) {
            site.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }
}

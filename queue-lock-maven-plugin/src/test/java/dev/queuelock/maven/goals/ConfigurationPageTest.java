package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The site's configuration page holds the table {@link SettingsPages} writes from the catalog. The
 * build writes that page to {@code target/} and never touches the committed one, so a declaration
 * changed without the page fails here.
 */
class ConfigurationPageTest {

    static final Path PAGE = Path.of("..", "src", "site", "markdown", "configuration.md");

    @TempDir
    Path work;

    @Test
    void theCommittedReferenceTableIsTheCatalogs() throws IOException {
        assertThat(staleness(PAGE, SettingsCatalog.standard())).as("cp queue-lock-maven-plugin/target/configuration.md"
                + " src/site/markdown/configuration.md (the plugin module's build writes it from the declarations)").isEmpty();
    }

    @Test
    void aPageThatMissesADeclarationOrKeepsAnOldOneIsStale() throws IOException {
        Path stale = work.resolve("configuration.md");
        String page = Files.readString(PAGE, StandardCharsets.UTF_8);
        String row = page.lines().filter(l -> l.startsWith("| `queuelock.land.remote`")).findFirst().orElseThrow();
        Files.writeString(stale, page.replace(row + "\n", ""), StandardCharsets.UTF_8);
        assertThat(staleness(stale, SettingsCatalog.standard())).hasValueSatisfying(s -> assertThat(s).contains("queuelock.land.remote"));

        Files.writeString(stale, page.replace(row, row + "\n| `queuelock.gone` | | | | |"), StandardCharsets.UTF_8);
        assertThat(staleness(stale, SettingsCatalog.standard())).hasValueSatisfying(s -> assertThat(s).contains("queuelock.gone"));
    }

    /** The rows in which {@code page}'s table and the catalog's differ, empty if none. */
    static Optional<String> staleness(Path page, SettingsCatalog catalog) throws IOException {
        String committed = pageTable(page);
        String generated = String.join("\n", new SettingsPages(catalog).table());
        if (committed.equals(generated)) {
            return Optional.empty();
        }
        StringBuilder differences = new StringBuilder();
        generated.lines().filter(row -> !committed.lines().anyMatch(row::equals)).forEach(row -> differences.append("missing: ").append(row).append('\n'));
        committed.lines().filter(row -> !generated.lines().anyMatch(row::equals)).forEach(row -> differences.append("stale: ").append(row).append('\n'));
        return Optional.of(differences.length() == 0 ? "the rows' order differs" : differences.toString());
    }

    /** The table between the page's markers, as it is. */
    static String pageTable(Path page) throws IOException {
        String text = Files.readString(page, StandardCharsets.UTF_8);
        assertThat(text).contains(SettingsPages.BEGIN, SettingsPages.END);
        return text.substring(text.indexOf(SettingsPages.BEGIN) + SettingsPages.BEGIN.length(), text.indexOf(SettingsPages.END)).strip();
    }
}

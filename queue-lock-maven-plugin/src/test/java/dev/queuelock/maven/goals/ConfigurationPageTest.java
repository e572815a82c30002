package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The site's configuration page holds the table {@link SettingsPages} writes from the catalog; the
 * plugin module's build writes it ({@code process-classes}), so this fails only on a page committed
 * without building.
 */
class ConfigurationPageTest {

    static final Path PAGE = Path.of("..", "src", "site", "markdown", "configuration.md");

    @Test
    void theReferenceTableIsTheCatalogs() throws IOException {
        assertThat(pageTable(PAGE)).as("the table in %s: build the plugin module (process-classes) to write it", PAGE)
                .isEqualTo(String.join("\n", new SettingsPages(SettingsCatalog.standard()).table()));
    }

    /** The table between the page's markers, as it is. */
    static String pageTable(Path page) throws IOException {
        String text = Files.readString(page, StandardCharsets.UTF_8);
        assertThat(text).contains(SettingsPages.BEGIN, SettingsPages.END);
        return text.substring(text.indexOf(SettingsPages.BEGIN) + SettingsPages.BEGIN.length(), text.indexOf(SettingsPages.END)).strip();
    }
}

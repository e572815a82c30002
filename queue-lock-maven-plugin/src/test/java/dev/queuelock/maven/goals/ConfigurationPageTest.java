package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.config.Setting;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The site's configuration page lists exactly the keys of {@link SettingsCatalog}, each with the registry's
 * default and meaning. On a mismatch the expected table is written to
 * {@code target/configuration-table.md}: paste it between the page's markers.
 */
class ConfigurationPageTest {

    static final Path PAGE = Path.of("..", "src", "site", "markdown", "configuration.md");
    static final String BEGIN = "<!-- settings table: generated from the settings catalog (SettingsCatalog) -->";
    static final String END = "<!-- end of settings table -->";

    @Test
    void theReferenceTableIsTheRegistry() throws IOException {
        String table = pageTable();
        String expected = String.join("\n", table(SettingsCatalog.standard()));
        if (!table.equals(expected)) {
            Files.writeString(Path.of("target", "configuration-table.md"), expected + "\n", StandardCharsets.UTF_8);
        }
        assertThat(table).as("the table in %s (expected table written to target/configuration-table.md)", PAGE)
                .isEqualTo(expected);
    }

    /** The table between the page's markers, as it is. */
    static String pageTable() throws IOException {
        String page = Files.readString(PAGE, StandardCharsets.UTF_8);
        assertThat(page).contains(BEGIN, END);
        return page.substring(page.indexOf(BEGIN) + BEGIN.length(), page.indexOf(END)).strip();
    }

    /** The table the page must hold for {@code catalog}: a row per key, in the catalog's order. */
    static List<String> table(SettingsCatalog catalog) {
        List<String> rows = new ArrayList<>();
        rows.add("| key | default | accepts | read by | meaning |");
        rows.add("|---|---|---|---|---|");
        for (Setting<?> s : catalog.all()) {
            String dflt = s.defaultValue() != null ? "`" + s.defaultValue() + "`" : s.defaultText();
            rows.add("| `" + s.name() + "` | " + dflt + " | " + s.accepts() + " | " + s.readBy() + " | "
                    + s.meaning().replace("|", "\\|") + " |");
        }
        return rows;
    }
}

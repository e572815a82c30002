package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.config.Setting;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What a goal's page and {@code mvn queuelock:help -Ddetail} say about the {@code queuelock.*} keys
 * the goal reads is what the catalog ({@link SettingsCatalog}) says: Maven takes them from the
 * parameter field's Javadoc and {@code defaultValue}, so each is held here to the key's default and
 * meaning, and no goal reads a key the catalog does not know.
 */
class SettingsInHelpTest {

    @Test
    void everyQueuelockParameterIsARegisteredKey() throws Exception {
        assertThat(queuelockParameters()).allSatisfy(p ->
                assertThat(SettingsCatalog.standard().named(p.property)).as("%s is not in SettingsCatalog", p).isPresent());
    }

    @Test
    void helpStatesTheRegistrysDefaultAndMeaning() throws Exception {
        assertThat(queuelockParameters()).allSatisfy(p -> {
            Setting<?> s = SettingsCatalog.standard().named(p.property).orElseThrow();
            if (s.defaultValue() != null || p.defaultValue == null || !p.defaultValue.startsWith("${")) {
                assertThat(p.defaultValue).as("default of %s; the field reads%n%s", p, field(s)).isEqualTo(s.defaultValue());
            }
            assertThat(p.description.replaceAll("\\s+", " ")).as("description of %s; the field reads%n%s", p, field(s))
                    .isEqualTo(s.meaning());
        });
    }

    /** The parameter field Maven needs for {@code s}: paste it into the one goal class that reads the key. */
    static String field(Setting<?> s) {
        StringBuilder doc = new StringBuilder("    /**\n");
        StringBuilder line = new StringBuilder("     *");
        for (String word : s.meaning().split(" ")) {
            if (line.length() + 1 + word.length() > 100) {
                doc.append(line).append('\n');
                line = new StringBuilder("     *");
            }
            line.append(' ').append(word);
        }
        doc.append(line).append("\n     *\n     * @since 0.1.0\n     */\n");
        return doc + "    @Parameter(property = \"" + s.name() + "\""
                + (s.defaultValue() != null ? ", defaultValue = \"" + s.defaultValue() + "\"" : "") + ")";
    }

    private static List<PluginDescriptor.Param> queuelockParameters() throws Exception {
        return PluginDescriptor.parameters().stream()
                .filter(p -> p.property != null && p.property.startsWith(Setting.PREFIX))
                .collect(Collectors.toList());
    }
}

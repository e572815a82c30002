package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.config.Setting;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * What {@code mvn queuelock:help -Ddetail} says about the {@code queuelock.*} keys is what the
 * catalog ({@link SettingsCatalog}) says: every key is a goal's parameter, with the registry's default and
 * meaning, and no goal reads a key the registry does not know.
 */
class SettingsInHelpTest {

    @Test
    void everyQueuelockParameterIsARegisteredKey() throws Exception {
        assertThat(queuelockParameters()).allSatisfy(p ->
                assertThat(SettingsCatalog.named(p.property)).as("%s is not in SettingsCatalog", p).isPresent());
    }

    @Test
    void everyRegisteredKeyIsListedByHelp() throws Exception {
        Set<String> listed = queuelockParameters().stream().map(p -> p.property).collect(Collectors.toSet());
        assertThat(listed).containsAll(SettingsCatalog.all().stream().map(Setting::name).collect(Collectors.toList()));
    }

    @Test
    void helpStatesTheRegistrysDefaultAndMeaning() throws Exception {
        assertThat(queuelockParameters()).allSatisfy(p -> {
            Setting<?> s = SettingsCatalog.named(p.property).orElseThrow();
            if (s.defaultValue() != null || p.defaultValue == null || !p.defaultValue.startsWith("${")) {
                assertThat(p.defaultValue).as("default of %s", p).isEqualTo(s.defaultValue());
            }
            assertThat(p.description.replaceAll("\\s+", " ")).as("description of %s", p).isEqualTo(s.meaning());
        });
    }

    private static List<PluginDescriptor.Param> queuelockParameters() throws Exception {
        return PluginDescriptor.parameters().stream()
                .filter(p -> p.property != null && p.property.startsWith(Setting.PREFIX))
                .collect(Collectors.toList());
    }
}

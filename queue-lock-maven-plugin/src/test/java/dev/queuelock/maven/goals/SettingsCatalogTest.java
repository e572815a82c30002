package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.config.LaneDirectorySettings;
import dev.queuelock.config.LocalRepositorySettings;
import dev.queuelock.config.LockSettings;
import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;
import dev.queuelock.land.batch.BatchOptions;
import dev.queuelock.land.engine.LandSettings;
import dev.queuelock.land.git.LandTarget;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.lanes.LaneUse;
import dev.queuelock.zookeeper.ZooKeeperSettings;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The catalog lists every setting that a class declares beside its reader, once, and no other; a
 * key is declared once, in its class's group, and from there it reaches {@code queuelock:config},
 * the configuration page's test and the docs test with no list to update (the scratch key below).
 */
class SettingsCatalogTest {

    /** Where the keys are declared: the lock's in core, the others beside the code that reads them. */
    private static final List<Class<?>> DECLARED_IN = List.of(LockSettings.class, LaneDirectorySettings.class,
            LocalRepositorySettings.class, ZooKeeperSettings.class, LandTarget.class, LandSettings.class, BatchOptions.class, LaneSettings.class,
            LaneUse.class, StatusMojo.class, LaneMojo.class, PreviewMojo.class, InitMojo.class, UninstallMojo.class);

    /** A key as a new one is added: one declaration in its class's group, nothing else. */
    private static final class Scratch {
        static final SettingGroup SETTINGS = new SettingGroup();
        static final String KEY = "queuelock.scratchRetries";
        static final Setting<Integer> SCRATCH_RETRIES = SETTINGS.add(Setting.number(KEY, 0, 2, "land",
                "How often a scratch step is tried again."));
    }

    private static SettingsCatalog withScratch() throws IllegalAccessException {
        List<SettingGroup> groups = new ArrayList<>();
        for (Class<?> type : DECLARED_IN) {
            groups.add(group(type));
        }
        groups.add(Scratch.SETTINGS);
        return new SettingsCatalog(groups);
    }

    @Test
    void aKeyDeclaredOnceReachesConfigAndIsDemandedOfTheConfigurationPage() throws Exception {
        SettingsCatalog catalog = withScratch();
        assertThat(catalog.named(Scratch.KEY)).contains(Scratch.SCRATCH_RETRIES);

        Properties user = new Properties();
        List<String> problems = new ArrayList<>();
        assertThat(ConfigMojo.lines(catalog, user, problems))
                .containsSubsequence("queuelock.scratchRetries = 2 (default) [land]", "    How often a scratch step is tried again.");
        assertThat(problems).isEmpty();
        user.setProperty(Scratch.KEY, "many");
        ConfigMojo.lines(catalog, user, problems);
        assertThat(problems).containsExactly("queuelock.scratchRetries must be a whole number of 0 or more, not 'many'");

        String row = "| `queuelock.scratchRetries` | `2` | a whole number of 0 or more | land | How often a scratch step is tried again. |";
        assertThat(ConfigurationPageTest.table(catalog)).contains(row);
        assertThat(ConfigurationPageTest.pageTable()).as("the page as it is: ConfigurationPageTest would demand the row")
                .doesNotContain(row).isNotEqualTo(String.join("\n", ConfigurationPageTest.table(catalog)));
        assertThat(DocsNameWhatExistsTest.unknownKeys(catalog, List.of("Set `queuelock.scratchRetries` to 1.")))
                .as("the docs may name it").isEmpty();
        assertThat(DocsNameWhatExistsTest.unknownKeys(SettingsCatalog.standard(), List.of("Set `queuelock.scratchRetries` to 1.")))
                .as("but not before it is declared").isNotEmpty();
    }

    @Test
    void theCatalogIsEverySettingDeclaredBesideItsReader() throws IllegalAccessException {
        List<Setting<?>> declared = new ArrayList<>();
        for (Class<?> type : DECLARED_IN) {
            for (Field f : type.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && f.getType() == Setting.class) {
                    f.setAccessible(true);
                    declared.add((Setting<?>) f.get(null));
                }
            }
        }
        assertThat(SettingsCatalog.standard().all()).containsExactlyInAnyOrderElementsOf(declared);
    }

    @Test
    void everyKeyConstantNamesASetting() throws IllegalAccessException {
        for (Class<?> type : DECLARED_IN) {
            for (Field f : type.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                    f.setAccessible(true);
                    String value = (String) f.get(null);
                    if (value.startsWith(Setting.PREFIX) && !value.startsWith("queuelock.lane.")) {
                        assertThat(SettingsCatalog.standard().named(value)).as("%s.%s", type.getSimpleName(), f.getName())
                                .isPresent();
                    }
                }
            }
        }
    }

    @Test
    void twoKeysOfOneNameAreRefused() {
        SettingGroup twice = new SettingGroup();
        twice.add(Setting.flag("queuelock.twice", true, "land", "Once."));
        twice.add(Setting.flag("queuelock.twice", false, "land", "Twice."));
        assertThatThrownBy(() -> new SettingsCatalog(List.of(twice))).hasMessage("two settings named queuelock.twice");
    }

    private static SettingGroup group(Class<?> type) throws IllegalAccessException {
        try {
            Field f = type.getDeclaredField("SETTINGS");
            f.setAccessible(true);
            return (SettingGroup) f.get(null);
        } catch (NoSuchFieldException e) {
            throw new AssertionError(type + " declares settings but no SETTINGS group", e);
        }
    }
}

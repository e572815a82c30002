package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.config.LaneDirectorySettings;
import dev.queuelock.config.LockSettings;
import dev.queuelock.config.Setting;
import dev.queuelock.land.LandSettings;
import dev.queuelock.land.batch.BatchOptions;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.lanes.LaneUse;
import dev.queuelock.zookeeper.ZooKeeperSettings;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The catalog lists every setting that a module declares beside its reader, once, and no other:
 * a key added to one of these classes and forgotten in the catalog (and so on the configuration
 * page) fails here.
 */
class SettingsCatalogTest {

    /** Where the keys are declared: the lock's in core, the others beside the code that reads them. */
    private static final List<Class<?>> DECLARED_IN = List.of(LockSettings.class, LaneDirectorySettings.class,
            ZooKeeperSettings.class, LandSettings.class, BatchOptions.class, LaneSettings.class, LaneUse.class,
            StatusMojo.class, LaneMojo.class, PreviewMojo.class, UninstallMojo.class);

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
        assertThat(SettingsCatalog.all()).containsExactlyInAnyOrderElementsOf(declared);
    }

    @Test
    void everyKeyConstantNamesASetting() throws IllegalAccessException {
        for (Class<?> type : DECLARED_IN) {
            for (Field f : type.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
                    f.setAccessible(true);
                    String value = (String) f.get(null);
                    if (value.startsWith(Setting.PREFIX) && !value.startsWith("queuelock.lane.")) {
                        assertThat(SettingsCatalog.named(value)).as("%s.%s", type.getSimpleName(), f.getName()).isPresent();
                    }
                }
            }
        }
    }
}

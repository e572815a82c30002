package dev.queuelock.maven.goals;

import dev.queuelock.config.LaneDirectorySettings;
import dev.queuelock.config.LockSettings;
import dev.queuelock.config.Setting;
import dev.queuelock.land.LandSettings;
import dev.queuelock.land.batch.BatchOptions;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.lanes.LaneUse;
import dev.queuelock.zookeeper.ZooKeeperSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every {@code queuelock.*} setting, gathered from the modules that declare them beside their
 * readers, in the order the docs list them. {@code queuelock:config} prints them; tests hold the
 * site's configuration page and {@code mvn queuelock:help -Ddetail} equal to them.
 */
final class SettingsCatalog {

    private static final Map<String, Setting<?>> ALL = byName();

    private SettingsCatalog() {
    }

    private static Map<String, Setting<?>> byName() {
        List<Setting<?>> all = new ArrayList<>(LockSettings.all());
        all.addAll(ZooKeeperSettings.all());
        all.addAll(LandSettings.all());
        all.add(BatchOptions.LAND_BATCH);
        all.addAll(List.of(StatusMojo.STATUS_JSON, StatusMojo.STATUS_OUTPUT, StatusMojo.STATUS_DIRECTORY));
        all.add(LaneSettings.LANE_BRANCH_PREFIX);
        all.addAll(LaneDirectorySettings.all());
        all.addAll(LaneSettings.all().subList(1, LaneSettings.all().size()));
        all.addAll(LaneUse.all());
        all.addAll(List.of(LaneMojo.LANE_HOOK, PreviewMojo.PREVIEW_RESTORE, UninstallMojo.UNINSTALL_KEEP_STATE));
        Map<String, Setting<?>> byName = new LinkedHashMap<>();
        for (Setting<?> setting : all) {
            if (byName.put(setting.name(), setting) != null) {
                throw new IllegalStateException("two settings named " + setting.name());
            }
        }
        return byName;
    }

    /** Every setting, in the order the docs list them. */
    static List<Setting<?>> all() {
        return List.copyOf(ALL.values());
    }

    /** The setting called {@code name}, if there is one. */
    static Optional<Setting<?>> named(String name) {
        return Optional.ofNullable(ALL.get(name));
    }
}

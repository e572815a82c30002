package dev.queuelock.maven.goals;

import dev.queuelock.build.AffectedBuildSettings;
import dev.queuelock.repository.LaneDirectorySettings;
import dev.queuelock.repository.ports.LanePortSettings;
import dev.queuelock.build.localrepo.LocalRepositorySettings;
import dev.queuelock.config.LockSettings;
import dev.queuelock.build.ReuseSettings;
import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;
import dev.queuelock.land.engine.CheckAndPushSettings;
import dev.queuelock.land.notify.Notifier;
import dev.queuelock.land.batch.BatchOptions;
import dev.queuelock.land.disk.DiskSettings;
import dev.queuelock.land.git.LandTarget;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.lanes.LaneUse;
import dev.queuelock.zookeeper.ZooKeeperSettings;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every {@code queuelock.*} setting, gathered from the groups of the classes that declare them
 * beside their readers, in the order the docs list them. {@code queuelock:config} prints them;
 * tests hold the site's configuration page, the docs' key names and each goal's parameters equal
 * to them. A key declared in one of these classes is here with no further step.
 */
final class SettingsCatalog {

    private static final SettingsCatalog STANDARD = new SettingsCatalog(List.of(LockSettings.SETTINGS,
            ZooKeeperSettings.SETTINGS, LandTarget.SETTINGS, CheckAndPushSettings.SETTINGS, BatchOptions.SETTINGS,
            StatusGoalSettings.SETTINGS, LaneSettings.SETTINGS, LaneDirectorySettings.SETTINGS, LanePortSettings.SETTINGS, LocalRepositorySettings.SETTINGS,
            AffectedBuildSettings.SETTINGS, ReuseSettings.SETTINGS, LaneUse.SETTINGS, LaneGoalSettings.SETTINGS, PortGoalSettings.SETTINGS, PauseGoalSettings.SETTINGS, PreviewGoalSettings.SETTINGS, InitGoalSettings.SETTINGS,
            UninstallGoalSettings.SETTINGS, Notifier.SETTINGS, WatchGoalSettings.SETTINGS, DiskSettings.SETTINGS));

    private final List<SettingGroup> groups;
    private final Map<String, Setting<?>> byName = new LinkedHashMap<>();

    /** @throws IllegalStateException two settings of one name, or a former name that is a name again */
    SettingsCatalog(List<SettingGroup> groups) {
        this.groups = List.copyOf(groups);
        for (SettingGroup group : groups) {
            for (Setting<?> setting : group.all()) {
                if (byName.put(setting.name(), setting) != null) {
                    throw new IllegalStateException("two settings named " + setting.name());
                }
            }
        }
        for (Setting<?> setting : byName.values()) {
            if (setting.formerName() != null && byName.containsKey(setting.formerName())) {
                throw new IllegalStateException(setting.formerName() + " is a former name of " + setting.name() + " and a setting");
            }
        }
    }

    /** The groups, in the order the docs list them. */
    List<SettingGroup> groups() {
        return groups;
    }

    /** The plugin's catalog: every key of queue-lock. */
    static SettingsCatalog standard() {
        return STANDARD;
    }

    /** Every setting, in the order the docs list them. */
    List<Setting<?>> all() {
        return List.copyOf(byName.values());
    }

    /** The setting called {@code name}, if there is one. */
    Optional<Setting<?>> named(String name) {
        return Optional.ofNullable(byName.get(name));
    }
}

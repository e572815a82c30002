package dev.queuelock.maven.goals;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;
import dev.queuelock.repository.ports.LanePortSettings;

/**
 * The settings of {@code queuelock:port}, which the goal reads and the catalog ({@link SettingsCatalog}) lists:
 * a class of their own, so the catalog, which every goal reads, names no goal.
 */
final class PortGoalSettings {

    /** The goal's own settings, in the order the docs list them (declared first: the settings below join it). */
    static final SettingGroup SETTINGS = new SettingGroup();

    static final Setting<String> NAME = SETTINGS.add(Setting.text("queuelock.port.name", null, "none", "port",
            "The named port to print, one of " + LanePortSettings.PORTS + "; unset: the lane's dev-server port, portBase + n."));

    private PortGoalSettings() {
    }
}

package dev.queuelock.maven.goals;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;

/**
 * The settings of {@code queuelock:watch}, which the goal reads and the catalog ({@link SettingsCatalog}) lists:
 * a class of their own, so the catalog, which every goal reads, names no goal.
 */
final class WatchGoalSettings {

    /** The goal's own settings, in the order the docs list them (declared first: the settings below join it). */
    static final SettingGroup SETTINGS = new SettingGroup();

    static final Setting<Integer> WATCH_PORT = SETTINGS.add(Setting.number("queuelock.watch.port", 0, 65535, 0, "watch",
            "Also serve the view as a page on 127.0.0.1 at this port (0: no page)."));

    private WatchGoalSettings() {
    }
}

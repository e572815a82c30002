package dev.queuelock.maven.goals;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;

/**
 * The settings of {@code queuelock:pause}, which the goal reads and the catalog ({@link SettingsCatalog}) lists:
 * a class of their own, so the catalog, which every goal reads, names no goal.
 */
final class PauseGoalSettings {

    /** The goal's own settings, in the order the docs list them. */
    static final SettingGroup SETTINGS = new SettingGroup();

    static final Setting<String> REASON = SETTINGS.add(Setting.text("queuelock.pause.reason", null, "none: pause refuses without one",
            "pause", "Why the land queue is paused: every waiting lander, status and the watch say it."));

    private PauseGoalSettings() {
    }
}

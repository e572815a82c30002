package dev.queuelock.maven.goals;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;

/**
 * The settings of {@code queuelock:lane}, which the goal reads and the catalog ({@link SettingsCatalog}) lists:
 * a class of their own, so the catalog, which every goal reads, names no goal.
 */
final class LaneGoalSettings {

    /** The goal's own settings, in the order the docs list them (declared first: the settings below join it). */
    static final SettingGroup SETTINGS = new SettingGroup();

    static final Setting<Boolean> HOOK = SETTINGS.add(Setting.flag("queuelock.lane.hook", false, "lane",
            "Run as Claude Code's WorktreeCreate hook (what init wires in): read the hook's JSON on standard input, "
                    + "print the path after a marker, give the reason for a refusal on standard error.").formerly("queuelock.hook"));

    private LaneGoalSettings() {
    }
}

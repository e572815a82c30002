package dev.queuelock.maven.goals;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;

/**
 * The settings of {@code queuelock:preview}, which the goal reads and the catalog ({@link SettingsCatalog}) lists:
 * a class of their own, so the catalog, which every goal reads, names no goal.
 */
final class PreviewGoalSettings {

    /** The goal's own settings, in the order the docs list them (declared first: the settings below join it). */
    static final SettingGroup SETTINGS = new SettingGroup();

    static final Setting<Boolean> RESTORE = SETTINGS.add(Setting.flag("queuelock.preview.restore", false, "preview",
            "Undo the preview shown in the main checkout instead of showing this lane.").formerly("queuelock.restore"));

    private PreviewGoalSettings() {
    }
}

package dev.queuelock.maven.goals;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;

/**
 * The settings of {@code queuelock:uninstall}, which the goal reads and the catalog ({@link SettingsCatalog}) lists:
 * a class of their own, so the catalog, which every goal reads, names no goal.
 */
final class UninstallGoalSettings {

    /** The goal's own settings, in the order the docs list them (declared first: the settings below join it). */
    static final SettingGroup SETTINGS = new SettingGroup();

    static final Setting<Boolean> KEEP_STATE = SETTINGS.add(Setting.flag("queuelock.uninstall.keepState", false, "uninstall",
            "Keep queue-lock's own state on uninstall: the landing history and check logs in the queuelock directory of"
                    + " git's common dir (.git/queuelock), and the repository's idle queue directories in the temp dir.").formerly("queuelock.keepState"));

    private UninstallGoalSettings() {
    }
}

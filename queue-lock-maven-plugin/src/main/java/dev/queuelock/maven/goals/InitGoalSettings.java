package dev.queuelock.maven.goals;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;

/**
 * The settings of {@code queuelock:init}, which the goal reads and the catalog ({@link SettingsCatalog}) lists:
 * a class of their own, so the catalog, which every goal reads, names no goal.
 */
final class InitGoalSettings {

    /** The goal's own settings (uninstall reads the scope too). */
    static final SettingGroup SETTINGS = new SettingGroup();

    /** {@value}: the scope of the user's own {@code ~/.m2/extensions.xml}; the other is repository, the default. */
    static final String USER = "user";

    static final Setting<String> SCOPE = SETTINGS.add(Setting.choice("queuelock.init.scope", "repository", "init, uninstall",
            "Where init lists the extension and uninstall takes it out: repository (its .mvn/extensions.xml, with the pre-push"
                    + " guard and agent instructions) or user (~/.m2/extensions.xml alone: the build queue for every repository"
                    + " of the user; Maven 3.10 and 4 only).", "repository", USER));

    private InitGoalSettings() {
    }
}

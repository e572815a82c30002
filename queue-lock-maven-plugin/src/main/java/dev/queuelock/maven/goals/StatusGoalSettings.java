package dev.queuelock.maven.goals;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;

/**
 * The settings of {@code queuelock:status}, which the goal reads and the catalog ({@link SettingsCatalog}) lists:
 * a class of their own, so the catalog, which every goal reads, names no goal.
 */
final class StatusGoalSettings {

    /** The goal's own settings, in the order the docs list them (declared first: the settings below join it). */
    static final SettingGroup SETTINGS = new SettingGroup();

    static final Setting<Boolean> JSON = SETTINGS.add(Setting.flag("queuelock.status.json", false, "status",
            "Print one JSON document (see the status JSON page) instead of log lines.").formerly("queuelock.json"));
    static final Setting<String> OUTPUT = SETTINGS.add(Setting.text("queuelock.status.output", null, "none (the console)", "status",
            "Write the report to this file instead of standard output.").formerly("queuelock.output"));
    static final Setting<String> DIRECTORY = SETTINGS.add(Setting.text("queuelock.status.directory", null, "the top directory of the invocation",
            "status", "A directory inside the repository whose queues are shown.").formerly("queuelock.directory"));

    private StatusGoalSettings() {
    }
}

package dev.queuelock.build;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;

/**
 * The key that narrows a build to what its lane changed: read by the core extension once a
 * build's projects are read, declared in the build module, which the extension shades. The extension compares the key's name, a
 * constant, before it loads anything: a build without it pays one property lookup.
 */
public final class AffectedBuildSettings {

    /** This class's settings, in the order the docs list them (declared first: the settings below join it). */
    public static final SettingGroup SETTINGS = new SettingGroup();

    /** {@value}: true, false or lanes, default false; {@code -Dqueuelock.build.affected} alone is true. */
    public static final String AFFECTED = "queuelock.build.affected";

    /** This build builds what its worktree changed since the integration branch. */
    public static final String ON = "true";
    /** This build builds everything. */
    public static final String OFF = "false";
    /** Every build in a lane builds what the lane changed; the main checkout and other clones build everything. */
    public static final String LANES = "lanes";

    public static final Setting<String> AFFECTED_SETTING = SETTINGS.add(Setting.choice(AFFECTED, OFF, "build queue",
            "What a build (any goals) builds: true (the modules whose files the worktree changes since its base on the "
                    + "integration branch - committed, staged, unstaged or untracked - and every module on top of them, tested; "
                    + "the modules they build on built without tests; everything when the change may alter the build itself, "
                    + "as land's affected check decides), lanes (true in a lane, false elsewhere: for .mvn/maven.config) or "
                    + "false (everything). -pl, -rf and -am on the command line win.",
            ON, OFF, LANES));

    private AffectedBuildSettings() {
    }
}

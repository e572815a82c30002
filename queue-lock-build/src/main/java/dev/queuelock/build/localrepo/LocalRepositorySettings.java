package dev.queuelock.build.localrepo;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;

/**
 * The key that says where a lane's builds install: read by the core extension in every build and
 * by land for its check builds, so declared in core beside {@code repo.ResolverProperties}.
 */
public final class LocalRepositorySettings {

    /** This class's settings, in the order the docs list them (declared first: the settings below join it). */
    public static final SettingGroup SETTINGS = new SettingGroup();
    public static final String LANE_INSTALLS = "queuelock.lanes.installs";

    /** A lane's installs go to its own part of the local repository, resolved by that lane alone. */
    public static final String OWN = "own";
    /** A lane's installs go where Maven puts them without queue-lock, seen by every build. */
    public static final String SHARED = "shared";

    public static final Setting<String> LANE_INSTALLS_SETTING = SETTINGS.add(Setting.choice(LANE_INSTALLS, OWN,
            "build queue, land",
            "Where a build in a lane installs (Maven 3.9 and newer): own (its own part of the local repository, which that "
                    + "lane alone resolves; downloads stay shared) or shared (the usual place, seen by every lane, as without "
                    + "queue-lock).",
            OWN, SHARED).formerly("queuelock.laneInstalls"));

    private LocalRepositorySettings() {
    }
}

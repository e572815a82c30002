package dev.queuelock.land.disk;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;

/** When the free space the lanes live on is low enough to say so. */
public final class DiskSettings {

    /** This class's settings, in the order the docs list them (declared first: the settings below join it). */
    public static final SettingGroup SETTINGS = new SettingGroup();

    public static final Setting<Integer> LOW_FREE_SPACE_GB = SETTINGS.add(Setting.number("queuelock.lanes.lowFreeSpaceGb", 0, 5, "status, watch",
            "When a file system the lanes or the local repository live on has less free space than this many GB (1 GB = 10^9"
                    + " bytes), status and watch say so, with what prune would free and what the lanes' build output takes;"
                    + " 0: never."));

    private DiskSettings() {
    }
}

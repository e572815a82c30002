package dev.queuelock.land.disk;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;
import dev.queuelock.repository.FreeSpaceSettings;

/** When the free space the lanes live on is low enough to say so. */
public final class DiskSettings {

    /** This class's settings, in the order the docs list them (declared first: the settings below join it). */
    public static final SettingGroup SETTINGS = new SettingGroup();

    /** Declared where a lane's build reads it too. */
    public static final Setting<Integer> LOW_FREE_SPACE_GB = SETTINGS.add(FreeSpaceSettings.LOW_FREE_SPACE_GB);

    private DiskSettings() {
    }
}

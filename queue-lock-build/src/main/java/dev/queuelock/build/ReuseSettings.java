package dev.queuelock.build;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;

/**
 * The key that bounds the store of modules' outputs that lanes and land checks reuse
 * ({@link dev.queuelock.build.reuse.ReuseStore}): read by the core extension, declared in the build module it shades.
 */
public final class ReuseSettings {

    /** This class's settings, in the order the docs list them (declared first: the settings below join it). */
    public static final SettingGroup SETTINGS = new SettingGroup();

    /** {@value}: the name alone, which the extension's check for unknown keys names without loading this class. */
    public static final String STORE_MEGABYTES_KEY = "queuelock.build.reuseMegabytes";

    public static final Setting<Integer> STORE_MEGABYTES = SETTINGS.add(Setting.number(STORE_MEGABYTES_KEY, 0, 2048,
            "build queue",
            "How much the store of modules' outputs (<git common dir>/queuelock/reuse) may hold, in megabytes; a build that "
                    + "stores beyond it removes the entries used longest ago. 0: nothing is stored or reused."));

    private ReuseSettings() {
    }
}

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

    /** {@value}: the name alone, for the extension's check for unknown keys. */
    public static final String TESTED_KEY = "queuelock.build.reuseTested";

    public static final Setting<Boolean> TESTED = SETTINGS.add(Setting.flag(TESTED_KEY, true, "build queue",
            "Whether a lane's affected build takes a module it would test from the store where it was built at the same "
                    + "inputs and its tests ran and passed there without a rerun, in a build that went as far (a package's pass is "
                    + "no pass for a verify's integration tests), instead of building and testing it again: on "
                    + "for the builds agents run over and over; land checks have their own key (queuelock.land.reuseTested)."));

    /** {@value}: the name alone, for the extension's check for unknown keys. */
    public static final String TESTED_IN_LAND_CHECKS_KEY = "queuelock.land.reuseTested";

    public static final Setting<Boolean> TESTED_IN_LAND_CHECKS = SETTINGS.add(Setting.flag(TESTED_IN_LAND_CHECKS_KEY, false, "land",
            "Whether a land check takes a module it would test from the store where its tests passed at the same inputs "
                    + "(as queuelock.build.reuseTested does for lanes' builds): off, so the check that lets a commit onto the "
                    + "integration branch runs every test it plans; on, a lane's tests that passed in its own build at the same "
                    + "inputs are not run again."));

    private ReuseSettings() {
    }
}

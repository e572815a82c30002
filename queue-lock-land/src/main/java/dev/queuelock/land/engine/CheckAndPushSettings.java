package dev.queuelock.land.engine;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;
import dev.queuelock.land.git.LandTarget;
import java.util.List;
import java.util.Objects;

/**
 * How {@code land} lands, on which {@link LandTarget}: the checks' keys (read by the plugin's check
 * build), the regenerable files, the push retries and the sync of the main checkout, with the
 * defaults of the issue and the npm tool.
 */
public final class CheckAndPushSettings {

    /** This class's settings, in the order the docs list them (declared first: the settings below join it). */
    public static final SettingGroup SETTINGS = new SettingGroup();

    private static final String LAND = "land";

    public static final Setting<List<String>> REGENERABLE_FILES = SETTINGS.add(Setting.list("queuelock.land.regenerableFiles", "land, sync",
            "Tracked files a build regenerates (paths relative to the worktree): their changes are discarded "
                    + "before the rebase instead of blocking it.").formerly("queuelock.regenerableFiles"));
    public static final Setting<String> CHECK_GOALS = SETTINGS.add(Setting.text("queuelock.land.checkGoals", "verify", null, LAND,
            "Goals and phases of the check build run on the rebased commit (spaces or commas), as a child mvn -B "
                    + "with this build's settings, profiles and user properties.").formerly("queuelock.checkGoals"));
    public static final Setting<List<String>> CHECK_COMMAND = SETTINGS.add(Setting.list("queuelock.land.checkCommand", LAND,
            "A command to run as the checks instead of the check goals: its arguments separated by commas, "
                    + "run without a shell, e.g. ./ci/check.sh,--fast.").formerly("queuelock.checkCommand"));
    public static final Setting<String> CHECK_SCOPE = SETTINGS.add(Setting.choice("queuelock.land.checkScope", "affected", LAND,
            "What the check goals build: affected (the modules whose files the landing changes and every module on top "
                    + "of them, tested; the modules they build on built from the same reactor without their tests; the full "
                    + "build when the change may alter the build itself, e.g. a parent POM or .mvn/) or full.",
            "affected", "full").formerly("queuelock.landCheck"));
    public static final Setting<Integer> CHECK_RERUNS = SETTINGS.add(Setting.number("queuelock.land.checkReruns", 0, 1, LAND,
            "How often the check build runs a failing test again (surefire's and failsafe's rerunFailingTestsCount) "
                    + "before it counts as failed; a test that fails, then passes, is recorded as flaky and refuses nobody; 0 turns it off.").formerly("queuelock.checkReruns"));
    public static final Setting<Boolean> CHECKS_REQUIRED = SETTINGS.add(Setting.flag("queuelock.land.checksRequired", true, LAND,
            "Refuse to land without checks; false (with empty check goals) lands unchecked.").formerly("queuelock.checksRequired"));
    public static final Setting<Integer> PUSH_RETRIES = SETTINGS.add(Setting.number("queuelock.land.pushRetries", 0, 3, LAND,
            "How often to fetch, rebase, check and push again when the push is rejected because the remote moved.").formerly("queuelock.pushRetries"));
    public static final Setting<Boolean> SYNC = SETTINGS.add(Setting.flag("queuelock.land.sync", true, LAND,
            "Fast-forward the main checkout to the landed commit when it is on the integration branch, has not "
                    + "diverged and git can do so without touching its local changes; otherwise a warning says why.").formerly("queuelock.sync"));

    public static final Setting<String> PRIORITY = SETTINGS.add(Setting.choice("queuelock.land.priority", "normal", LAND,
            "high lands this lane ahead of the landers waiting in the land queue: after the landing (and the checks) under way, "
                    + "never interrupting a push; status shows whom it went ahead of. For a person's urgent fix: agents land with normal.",
            "normal", "high"));

    final LandTarget target;
    final List<String> regenerableFiles;
    final int pushRetries;
    final boolean sync;
    private final boolean highPriority;

    /** @param regenerableFiles null for none */
    public CheckAndPushSettings(LandTarget target, List<String> regenerableFiles, int pushRetries, boolean sync) {
        this(target, regenerableFiles, pushRetries, sync, false);
    }

    private CheckAndPushSettings(LandTarget target, List<String> regenerableFiles, int pushRetries, boolean sync, boolean highPriority) {
        this.highPriority = highPriority;
        this.target = Objects.requireNonNull(target, "target");
        this.regenerableFiles = regenerableFiles == null ? List.of() : List.copyOf(regenerableFiles);
        if (pushRetries < 0) {
            throw new IllegalArgumentException("pushRetries must be 0 or more: " + pushRetries);
        }
        this.pushRetries = pushRetries;
        this.sync = sync;
    }

    /** Landing on {@code target} with every other setting at its default, as {@code queuelock:sync} does. */
    public static CheckAndPushSettings on(LandTarget target, List<String> regenerableFiles) {
        return new CheckAndPushSettings(target, regenerableFiles, PUSH_RETRIES.parse(null), SYNC.parse(null));
    }

    public static CheckAndPushSettings defaults() {
        return on(LandTarget.defaults(), List.of());
    }

    /** These settings, landing ahead of the waiting landers ({@link #PRIORITY} {@code high}) or not. */
    public CheckAndPushSettings withPriority(String priority) {
        return new CheckAndPushSettings(target, regenerableFiles, pushRetries, sync, "high".equals(priority));
    }

    /** Whether this lands ahead of the waiting landers. */
    public boolean highPriority() {
        return highPriority;
    }

    /** Where this lands. */
    public LandTarget target() {
        return target;
    }

    public String remote() {
        return target.remote();
    }
}

package dev.queuelock.land;

import dev.queuelock.config.Setting;
import java.util.List;
import java.util.Objects;

/**
 * What to land where: the knobs of {@code land}, with the defaults of the issue and the npm tool,
 * and the {@code queuelock.*} keys they are read from (the remote and branches also by {@code init}).
 */
public final class LandSettings {

    private static final String LAND = "land";
    private static final String LAND_INIT = "land, init";

    /** {@value}: text, default origin. */
    public static final String REMOTE = "queuelock.remote";
    /** {@value}: text, default the remote's default branch, else the main checkout's. */
    public static final String INTEGRATION_BRANCH = "queuelock.integrationBranch";
    /** {@value}: comma-separated list, default none. */
    public static final String PROTECTED_BRANCHES = "queuelock.protectedBranches";
    /** {@value}: comma-separated list, default none. */
    public static final String REGENERABLE_FILES = "queuelock.regenerableFiles";
    /** {@value}: text, default verify. */
    public static final String CHECK_GOALS = "queuelock.checkGoals";
    /** {@value}: comma-separated list, default none. */
    public static final String CHECK_COMMAND = "queuelock.checkCommand";
    /** {@value}: true or false, default true. */
    public static final String CHECKS_REQUIRED = "queuelock.checksRequired";
    /** {@value}: whole number, 0 or more, default 3. */
    public static final String PUSH_RETRIES = "queuelock.pushRetries";
    /** {@value}: true or false, default true. */
    public static final String SYNC = "queuelock.sync";

    public static final Setting<String> LAND_REMOTE = Setting.text(REMOTE, "origin", null, LAND_INIT,
            "The remote to fetch from and push to.");
    public static final Setting<String> LAND_INTEGRATION_BRANCH = Setting.text(INTEGRATION_BRANCH, null,
            "the remote's default branch, else the main checkout's", LAND_INIT, "The branch lanes land on and the pre-push guard protects.");
    public static final Setting<List<String>> LAND_PROTECTED_BRANCHES = Setting.list(PROTECTED_BRANCHES, LAND_INIT,
            "Further branches land refuses to run from and nobody may push to by hand, e.g. release; the pre-push "
                    + "guard reads it from .mvn/maven.config at every push, so one added later is guarded at once.");
    public static final Setting<List<String>> LAND_REGENERABLE_FILES = Setting.list(REGENERABLE_FILES, LAND,
            "Tracked files a build regenerates (paths relative to the worktree): their changes are discarded "
                    + "before the rebase instead of blocking it.");
    public static final Setting<String> LAND_CHECK_GOALS = Setting.text(CHECK_GOALS, "verify", null, LAND,
            "Goals and phases of the check build run on the rebased commit (spaces or commas), as a child mvn -B "
                    + "with this build's settings, profiles and user properties.");
    public static final Setting<List<String>> LAND_CHECK_COMMAND = Setting.list(CHECK_COMMAND, LAND,
            "A command to run as the checks instead of the check goals: its arguments separated by commas, "
                    + "run without a shell, e.g. ./ci/check.sh,--fast.");
    public static final Setting<Boolean> LAND_CHECKS_REQUIRED = Setting.flag(CHECKS_REQUIRED, true, LAND,
            "Refuse to land without checks; false (with empty check goals) lands unchecked.");
    public static final Setting<Integer> LAND_PUSH_RETRIES = Setting.number(PUSH_RETRIES, 0, 3, LAND,
            "How often to fetch, rebase, check and push again when the push is rejected because the remote moved.");
    public static final Setting<Boolean> LAND_SYNC = Setting.flag(SYNC, true, LAND,
            "Fast-forward the main checkout to the landed commit when it is on the integration branch, has not "
                    + "diverged and git can do so without touching its local changes; otherwise a warning says why.");

    public static final String DEFAULT_REMOTE = LAND_REMOTE.parse(null);
    public static final int DEFAULT_PUSH_RETRIES = LAND_PUSH_RETRIES.parse(null);

    final String remote;
    final String integrationBranch;
    final List<String> protectedBranches;
    final List<String> regenerableFiles;
    final int pushRetries;
    final boolean sync;
    private IntegrationBranch resolved;

    /**
     * @param integrationBranch null to choose one as {@link IntegrationBranch} says
     */
    public LandSettings(String remote, String integrationBranch, List<String> protectedBranches,
                        List<String> regenerableFiles, int pushRetries, boolean sync) {
        this.remote = Objects.requireNonNull(remote, "remote");
        this.integrationBranch = integrationBranch;
        this.protectedBranches = List.copyOf(protectedBranches);
        this.regenerableFiles = List.copyOf(regenerableFiles);
        if (pushRetries < 0) {
            throw new IllegalArgumentException("pushRetries must be 0 or more: " + pushRetries);
        }
        this.pushRetries = pushRetries;
        this.sync = sync;
    }

    public String remote() {
        return remote;
    }

    /** The integration branch: see {@link IntegrationBranch} for how it is chosen when not configured. */
    public String integrationBranch(Git git) {
        return integration(git).name();
    }

    /** The integration branch and how it was chosen; asked once per settings (it may ask the remote). */
    public synchronized IntegrationBranch integration(Git git) {
        if (resolved == null) {
            resolved = IntegrationBranch.resolve(git, remote, integrationBranch);
        }
        return resolved;
    }

    /** The integration branch and the protected ones: where nobody pushes by hand. */
    public List<String> guardedBranches(Git git) {
        List<String> guarded = new java.util.ArrayList<>(List.of(integrationBranch(git)));
        protectedBranches.stream().filter(b -> !guarded.contains(b)).forEach(guarded::add);
        return guarded;
    }

    public static LandSettings defaults() {
        return new LandSettings(DEFAULT_REMOTE, null, List.of(), List.of(), DEFAULT_PUSH_RETRIES, LAND_SYNC.parse(null));
    }

    /** This class's settings, in the order the docs list them. */
    public static List<Setting<?>> all() {
        return List.of(LAND_REMOTE, LAND_INTEGRATION_BRANCH, LAND_PROTECTED_BRANCHES, LAND_REGENERABLE_FILES,
                LAND_CHECK_GOALS, LAND_CHECK_COMMAND, LAND_CHECKS_REQUIRED, LAND_PUSH_RETRIES, LAND_SYNC);
    }
}

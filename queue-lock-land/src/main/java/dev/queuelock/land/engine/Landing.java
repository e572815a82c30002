package dev.queuelock.land.engine;

import dev.queuelock.QueueLock;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.checks.BuildQueueChecks;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.git.RepoContext;

/**
 * One lander's landing once it passed the preflight, as the engine and its drivers see it: the
 * lane as it queued, the repository, the tools (git in the lane's worktree, the settings, the log,
 * the land lock and the checks with the build lock they hold) and the clock that times the phases.
 * Immutable: how the landing ends is returned as a {@link LandResult}, never written here.
 */
public final class Landing {

    private final LandTools tools;
    private final RepoContext repo;
    private final QueuedLane lane;
    private final PhaseClock clock;

    Landing(LandTools tools, RepoContext repo, QueuedLane lane, PhaseClock clock) {
        this.tools = tools;
        this.repo = repo;
        this.lane = lane;
        this.clock = clock;
    }

    /** The lane: its name, branch and the commit it queued with. */
    public QueuedLane lane() {
        return lane;
    }

    /** The repository: its common and state dirs, the integration branch and its remote-tracking ref. */
    public RepoContext repo() {
        return repo;
    }

    /** Git in the lane's worktree. */
    public Git git() {
        return tools.git;
    }

    public LandSettings settings() {
        return tools.settings;
    }

    public LandLog log() {
        return tools.log;
    }

    /** The land queue this lander holds (once its turn came); a backend spanning machines can lose it. */
    public QueueLock landLock() {
        return tools.landLock;
    }

    /** The checks of one candidate, run holding the build queue ({@code label} names the hold in the queue). */
    public BuildQueueChecks checks(String label) {
        return new BuildQueueChecks(tools.checks, tools.buildLock, label, tools.log);
    }

    /** The same checks in a hold of another build lock: a speculative check beside the others, in a slot of its own. */
    public BuildQueueChecks checks(String label, QueueLock buildLock) {
        return new BuildQueueChecks(tools.checks, buildLock, label, tools.log);
    }

    public PhaseClock clock() {
        return clock;
    }

    public static String shortSha(String sha) {
        return sha != null && sha.length() > 10 ? sha.substring(0, 10) : String.valueOf(sha);
    }
}

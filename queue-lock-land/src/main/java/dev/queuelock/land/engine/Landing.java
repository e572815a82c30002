package dev.queuelock.land.engine;

import dev.queuelock.QueueLock;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.checks.BuildQueueChecks;
import dev.queuelock.land.checks.CheckLogs;
import dev.queuelock.land.checks.Checks;
import dev.queuelock.land.checks.PauseWait;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.git.RepoContext;
import java.nio.file.Path;

/**
 * What one landing works with, once it passed the preflight, as the lander, the engine and its
 * drivers see it: the lane as it queued, the repository, git in the lane's worktree, the settings,
 * the log, the land lock, the checks with the build lock they hold, and the clock that times the
 * phases. Immutable: how the landing ends is returned as a {@link LandResult}, never written here.
 */
public final class Landing {

    private final Git git;
    private final CheckAndPushSettings settings;
    private final Checks checks;
    private final QueueLock landLock;
    private final QueueLock buildLock;
    private final LandLog log;
    private final RepoContext repo;
    private final QueuedLane lane;
    private final PhaseClock clock;

    Landing(Git git, CheckAndPushSettings settings, Checks checks, QueueLock landLock, QueueLock buildLock, LandLog log,
            RepoContext repo, QueuedLane lane, PhaseClock clock) {
        this.git = git;
        this.settings = settings;
        this.checks = checks;
        this.landLock = landLock;
        this.buildLock = buildLock;
        this.log = log;
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
        return git;
    }

    public CheckAndPushSettings settings() {
        return settings;
    }

    public LandLog log() {
        return log;
    }

    /** The land queue this lander holds (once its turn came); a backend spanning machines can lose it. */
    public QueueLock landLock() {
        return landLock;
    }

    /**
     * The checks of one candidate, run holding the build queue ({@code label} names the hold in the
     * queue); the landing's slot wait ends as each run has its slot.
     */
    public BuildQueueChecks checks(String label) {
        return new BuildQueueChecks(checks, buildLock, label, log, () -> clock.end(Phase.SLOT_WAIT)).waitingOut(pause()).writingTo(logs());
    }

    /** The same checks in a hold of another build lock: a speculative check beside the others, in a slot of its own. */
    public BuildQueueChecks checks(String label, QueueLock buildLock) {
        return new BuildQueueChecks(checks, buildLock, label, log).waitingOut(pause()).writingTo(logs());
    }

    /** Where the checks' logs are, recorded with their build slot; none without a repository. */
    private Path logs() {
        return repo == null ? null : CheckLogs.of(repo).dir();
    }

    /** Every check of a landing waits out a pause of the land queue first. */
    private PauseWait pause() {
        return repo == null ? PauseWait.NONE : new PauseWait(repo.stateDir(), log);
    }

    public PhaseClock clock() {
        return clock;
    }

    public static String shortSha(String sha) {
        return sha != null && sha.length() > 10 ? sha.substring(0, 10) : String.valueOf(sha);
    }
}

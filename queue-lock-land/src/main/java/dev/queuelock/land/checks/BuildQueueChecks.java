package dev.queuelock.land.checks;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.land.base.LandLog;
import java.nio.file.Path;

/**
 * The checks of one candidate, run holding the build queue: the one place a landing takes, joins
 * and gives back its build lock. The first run takes the lock (or joins this session's own hold:
 * the goal opens it joining), the runs after it keep it (a batch's bisection), and {@link #close()}
 * gives it back, before the push. The lander holds the build queue for its checks so that builds
 * queued after it cannot starve it; its child build runs inside that hold (the extension sees that
 * an ancestor holds it).
 */
public final class BuildQueueChecks implements Checks, AutoCloseable {

    private final Checks checks;
    private final QueueLock buildLock;
    private final String label;
    private final LandLog log;
    private final Runnable slotInHand;
    private PauseWait pause = PauseWait.NONE;
    /** Null: not recorded (no repository's logs, as in some tests). */
    private Path logs;
    private boolean taken;

    public BuildQueueChecks(Checks checks, QueueLock buildLock, String label, LandLog log) {
        this(checks, buildLock, label, log, () -> { });
    }

    /** @param slotInHand told each time a run has its slot and its checks start: the landing's slot wait ends */
    public BuildQueueChecks(Checks checks, QueueLock buildLock, String label, LandLog log, Runnable slotInHand) {
        this.checks = checks;
        this.buildLock = buildLock;
        this.label = label;
        this.log = log;
        this.slotInHand = slotInHand;
    }

    /** Waits out a pause of the land queue ({@link PauseWait}) before the build lock is taken. */
    public BuildQueueChecks waitingOut(PauseWait pause) {
        this.pause = pause;
        return this;
    }

    /** Records {@code logs} with the hold as where its output goes, so a waiter warned of a long hold is told where to look. */
    public BuildQueueChecks writingTo(Path logs) {
        this.logs = logs;
        return this;
    }

    @Override
    public String describe() {
        return checks.describe();
    }

    @Override
    public boolean run(Path worktree, Path logFile) throws InterruptedException {
        take();
        return checks.run(worktree, logFile);
    }

    /**
     * Takes the build lock now if no run took it yet (or joins this session's own hold), as the
     * first run would; a run after it keeps it.
     */
    public void take() throws InterruptedException {
        if (!taken) {
            pause.untilResumed(); // before the slot: a paused lander holds no build slot
            buildLock.acquire(AcquireOptions.defaults().withLabel(label).withListener(log::buildWait)
                    .withOutput(logs == null ? null : logs.toString()));
            taken = true;
        }
        slotInHand.run();
    }

    /** Runs the checks in the hold {@link #take()} took, without telling the slot's wait over again. */
    public boolean runTaken(Path worktree, Path logFile) throws InterruptedException {
        if (!taken) {
            throw new IllegalStateException("no build slot taken for " + label);
        }
        return checks.run(worktree, logFile);
    }

    /** Gives the build lock back (or leaves its queue, if a run was interrupted waiting); idempotent. */
    @Override
    public void close() {
        taken = false;
        buildLock.release();
    }
}

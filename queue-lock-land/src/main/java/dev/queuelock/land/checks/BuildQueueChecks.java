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
    private boolean taken;

    public BuildQueueChecks(Checks checks, QueueLock buildLock, String label, LandLog log) {
        this.checks = checks;
        this.buildLock = buildLock;
        this.label = label;
        this.log = log;
    }

    @Override
    public String describe() {
        return checks.describe();
    }

    @Override
    public boolean run(Path worktree, Path logFile) throws InterruptedException {
        if (!taken) {
            buildLock.acquire(AcquireOptions.defaults().withLabel(label).withListener(log::buildWait));
            taken = true;
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

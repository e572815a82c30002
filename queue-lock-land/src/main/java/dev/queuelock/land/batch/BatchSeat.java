package dev.queuelock.land.batch;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.checks.CheckFailures;
import dev.queuelock.land.engine.Landing;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A lander's place in a batch while it waits: its request stays published, and a watcher looks for
 * a verdict addressed to it. Taken by a leader, it keeps its ticket (its place in the queue) until
 * the final verdict, so a leader that dies without one costs it nothing: it simply gets its turn
 * and lands on its own. With batching off, it only waits for the land queue.
 */
final class BatchSeat implements AutoCloseable {

    private final BatchOptions options;
    private final BatchBoard board;
    private final BatchRequest request;
    private final LandLog log;
    private volatile BatchVerdict answer;

    private BatchSeat(BatchOptions options, BatchBoard board, BatchRequest request, LandLog log) {
        this.options = options;
        this.board = board;
        this.request = request;
        this.log = log;
    }

    /** Publishes what this lane wants landed (if batching is on). */
    static BatchSeat open(BatchOptions options, Landing landing) {
        BatchRequest request = BatchRequest.of(landing);
        BatchSeat seat = new BatchSeat(options, new BatchBoard(landing.repo().commonDir()), request, landing.log());
        if (options.enabled()) {
            try {
                seat.board.publish(request);
            } catch (IOException e) {
                landing.log().warn("could not offer this lane for batching (" + e.getMessage() + "); it will land on its own");
            }
        }
        return seat;
    }

    BatchRequest request() {
        return request;
    }

    /**
     * Waits for the land queue, or for a leader's final verdict on this lane, whichever comes first.
     *
     * @return the verdict, if a leader landed (or refused) this lane; empty if this lander holds the land queue
     */
    Optional<BatchVerdict> acquire(QueueLock landLock, AcquireOptions acquireOptions) throws InterruptedException {
        if (!options.enabled()) {
            landLock.acquire(acquireOptions);
            return Optional.empty();
        }
        Thread watcher = new Thread(() -> watch(landLock), "queue-lock batch verdict watcher");
        watcher.setDaemon(true);
        watcher.start();
        try {
            landLock.acquire(acquireOptions);
        } catch (InterruptedException e) {
            if (answer == null) {
                throw e;
            }
        } finally {
            watcher.interrupt();
            watcher.join();
        }
        // The leader answers before it releases the queue, so a verdict is there if we got our turn through it.
        Optional<BatchVerdict> verdict = board.verdictFor(request);
        if (verdict.isPresent() && verdict.get().isFinal()) {
            landLock.release();
            return verdict;
        }
        verdict.ifPresent(stale -> { // "taken" by a leader that is gone
            board.withdrawVerdict(request);
            log.warn(gone(stale) + "; landing this lane now");
        });
        return Optional.empty();
    }

    private void watch(QueueLock landLock) {
        String announced = null;
        while (!Thread.currentThread().isInterrupted()) {
            Optional<BatchVerdict> verdict = board.verdictFor(request);
            if (verdict.isPresent() && verdict.get().isFinal()) {
                answer = verdict.get();
                landLock.release(); // abandons the wait: the leader has done our landing
                return;
            }
            if (verdict.isPresent() && !verdict.get().batchId.equals(announced)) {
                BatchVerdict taken = verdict.get();
                if (taken.leaderAlive()) {
                    announced = taken.batchId;
                    log.info("taken into batch " + taken.batchId + " led by lane " + taken.leaderLane + " (pid "
                            + taken.leaderPid + "); waiting for its verdict");
                } else {
                    announced = taken.batchId;
                    log.warn(gone(taken) + ", keeping this lane's place in the land queue");
                }
            }
            try {
                Thread.sleep(BatchOptions.VERDICT_POLL.toMillis());
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private static String gone(BatchVerdict taken) {
        return "the leader of batch " + taken.batchId + " (lane " + taken.leaderLane + ", pid " + taken.leaderPid
                + ") is gone without a verdict; nothing of it was pushed";
    }

    /**
     * What a verdict means for this lander's own lane: on {@code LANDED} its branch moves to its
     * landed commit; otherwise what happened and what to do.
     */
    LandResult conclude(BatchVerdict verdict, Landing landing) {
        String branch = landing.lane().branch();
        String lane = landing.lane().named();
        String remoteBranch = landing.repo().remoteBranch();
        String leader = verdict.pid == verdict.leaderPid ? "" : " (batch " + verdict.batchId + " led by lane " + verdict.leaderLane + ")";
        switch (verdict.outcome()) {
            case LANDED:
                BranchMover.move(landing.git(), branch, request.commit, verdict.commit).ifPresent(log::warn);
                return LandResult.landed(verdict.commit, lane + " landed on " + remoteBranch + " at " + Landing.shortSha(verdict.commit) + leader);
            case REBASE_CONFLICT:
                return LandResult.conflict(lane + " conflicts with " + remoteBranch + " or the lanes batched before it"
                        + leader + "; it was dropped, nothing of it was pushed and the lane is unchanged at "
                        + Landing.shortSha(request.commit) + ". Resolve: git fetch && git rebase " + remoteBranch
                        + ", then run land again.");
            case NOTHING_TO_LAND:
                return LandResult.nothingToLand("nothing to land: " + lane + " is already on " + remoteBranch + leader
                        + "; no commit of its own was pushed");
            case CHECK_FAILED:
                return LandResult.checksFailed("checks failed with " + lane + " on top of the lanes before it" + leader
                        + (verdict.tested == null ? "" : ", tested at " + Landing.shortSha(verdict.tested))
                        + "; nothing of it was pushed:" + (verdict.log == null ? "" : CheckFailures.indented(Path.of(verdict.log)))
                        + "\nLog: " + verdict.log + ". The lane is unchanged at " + Landing.shortSha(request.commit)
                        + ". Fix, commit, and run land again.");
            case PUSH_REJECTED:
                return LandResult.rejected("the batch's push to " + remoteBranch + " was rejected" + leader
                        + "; nothing was forced and your commits are on " + branch + ". Run land again.");
            default:
                return LandResult.failed("the batch" + leader + " could not land " + lane
                        + (verdict.message == null ? "" : ": " + verdict.message) + ". Run land again.");
        }
    }

    /** Withdraws the request and this process's verdict: a lander that is done is no longer offered. */
    @Override
    public void close() {
        if (options.enabled()) {
            board.withdraw(request);
        }
    }
}

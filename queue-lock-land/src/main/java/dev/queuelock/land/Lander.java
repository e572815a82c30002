package dev.queuelock.land;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.land.batch.BatchLeader;
import dev.queuelock.land.batch.BatchOptions;
import dev.queuelock.land.batch.BatchRequest;
import dev.queuelock.land.batch.BatchSeat;
import dev.queuelock.land.batch.BatchVerdict;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One landing: refuse early, queue on "land", then fetch, rebase onto the integration branch,
 * check the rebased commit (holding the build queue), push fast-forward only, and fast-forward the
 * main checkout. Never forces, never resets, never deletes a branch: a conflict is aborted back to
 * the lane's own commit, and a failed check pushes nothing.
 */
public final class Lander {

    /** Set in the push's environment so the pre-push guard lets exactly this push through. */
    public static final String LANDING_ENV = "QUEUELOCK_LANDING";

    private final Git git;
    private final LandSettings settings;
    private final Checks checks;
    private final QueueLock landLock;
    private final QueueLock buildLock;
    private final LandLog log;
    private BatchOptions batch = BatchOptions.none();

    /**
     * @param landLock  the lane's lock of the "land" queue (not yet acquired)
     * @param buildLock the lock of the build queue the checks must hold, as the build extension
     *                  would take it for this worktree (not yet acquired)
     */
    public Lander(Git git, LandSettings settings, Checks checks, QueueLock landLock, QueueLock buildLock, LandLog log) {
        this.git = git;
        this.settings = settings;
        this.checks = checks;
        this.landLock = landLock;
        this.buildLock = buildLock;
        this.log = log;
    }

    /** Lets this landing take up to {@code batch.size() - 1} waiters along, or be taken along by the one ahead. */
    public Lander withBatch(BatchOptions options) {
        this.batch = options;
        return this;
    }

    /** Lands the current branch; the returned run is also appended to the landing history. */
    public LandRun land() throws InterruptedException {
        long started = System.currentTimeMillis();
        Path commonDir = Path.of(git.output("rev-parse", "--path-format=absolute", "--git-common-dir"));
        String lane = git.worktree().getFileName().toString();
        InFlightLanding inFlight = new InFlightLanding(commonDir, lane);
        inFlight.takeInterrupted().ifPresent(log::warn);
        String integration = settings.integrationBranch(git);
        String branch = new Preflight(git, settings).check(integration);
        LandRun run = new LandRun();
        run.lane = lane;
        run.branch = branch;
        run.outcome = Outcome.ERROR.id();
        PhaseClock clock = new PhaseClock(run, inFlight);
        String head = git.output("rev-parse", "HEAD");
        inFlight.start(branch, head);
        try (QueueLock held = landLock; BatchSeat seat = BatchSeat.open(batch, commonDir, git, lane, branch, head, log)) {
            Optional<BatchVerdict> verdict = seat.acquire(held,
                    AcquireOptions.defaults().withLabel(branch).withListener(log::landWait));
            if (verdict.isPresent()) { // a batch leader landed it, or told why not; it also recorded the run
                return seat.conclude(verdict.get(), run, git, settings.remote + "/" + integration);
            }
            clock.end("queueWait");
            log.info("land queue acquired for " + branch + "; landing onto " + settings.remote + "/" + integration);
            BatchLeader leader = new BatchLeader(git, settings, checks, landLock, buildLock, commonDir, batch, log);
            List<BatchRequest> taken = leader.take(seat.request());
            if (!taken.isEmpty()) {
                return landBatch(leader, seat, taken, run, integration, commonDir);
            }
            try {
                landHoldingLock(run, clock, integration, commonDir, landLock);
            } finally {
                run.totalMs = System.currentTimeMillis() - started;
                run.time = Instant.now().toString();
                record(commonDir, run);
            }
        } finally {
            inFlight.finish();
        }
        return run;
    }

    private void landHoldingLock(LandRun run, PhaseClock clock, String integration, Path commonDir, QueueLock landLock)
            throws InterruptedException {
        String remoteRef = "refs/remotes/" + settings.remote + "/" + integration;
        for (int attempt = 0; ; attempt++) {
            new Preflight(git, settings).discardRegenerableChanges(); // a build may have regenerated them while we queued
            git.output("fetch", "--quiet", settings.remote, "+refs/heads/" + integration + ":" + remoteRef);
            clock.end("fetch");
            String before = git.output("rev-parse", "HEAD");
            if (!git.run("rebase", "--no-autostash", remoteRef).ok()) {
                git.run("rebase", "--abort");
                clock.end("rebase");
                run.outcome = Outcome.REBASE_CONFLICT.id();
                String after = git.output("rev-parse", "HEAD");
                throw new LandException("rebase of " + run.branch + " onto " + settings.remote + "/" + integration
                        + " conflicted and was aborted; the lane is unchanged at " + shortSha(after)
                        + (after.equals(before) ? "" : " (was " + shortSha(before) + ")")
                        + ". Resolve: git fetch " + settings.remote + " " + integration + " && git rebase " + remoteRef
                        + ", then run land again.");
            }
            clock.end("rebase");
            runChecks(run, commonDir);
            clock.end("checks");
            run.commit = git.output("rev-parse", "HEAD");
            requireStillHeld(landLock, run);
            Git.Result push = git.run(Map.of(LANDING_ENV, "1"), "push", "--porcelain", settings.remote,
                    "HEAD:refs/heads/" + integration);
            clock.end("push");
            if (push.ok()) {
                run.outcome = Outcome.LANDED.id();
                log.info(run.branch + " landed on " + settings.remote + "/" + integration + " at " + shortSha(run.commit));
                break;
            }
            run.commit = null;
            boolean remoteMoved = push.out.contains("[rejected]");
            if (!remoteMoved || attempt >= settings.pushRetries) {
                run.outcome = Outcome.PUSH_REJECTED.id();
                throw new LandException("push to " + settings.remote + "/" + integration + " was rejected"
                        + (remoteMoved ? " " + (attempt + 1) + " times because the remote kept moving" : ": " + push.lastErrorLine())
                        + "; nothing was forced and your commits are on " + run.branch + ". Run land again.");
            }
            run.retries++;
            clock.retrying();
            log.warn(settings.remote + "/" + integration + " moved during the checks; rebasing and checking again (retry "
                    + run.retries + " of " + settings.pushRetries + ")");
        }
        if (settings.sync) {
            new MainCheckoutSync(commonDir, settings.remote, integration, log).fastForward();
            clock.end("sync");
        }
    }

    /**
     * A backend that spans machines can lose the lock under a live holder (its ZooKeeper session
     * was suspended or expired): then another lane may be landing, so do not push. Even a push that
     * slips through cannot overwrite a newer main: it is fast-forward only, so the remote ref itself
     * is the fencing token.
     */
    private void requireStillHeld(QueueLock landLock, LandRun run) {
        if (!landLock.isHeld()) {
            run.commit = null;
            throw new LandException("lost the land queue before the push (its backend lost the lock, e.g. a ZooKeeper"
                    + " session was suspended or expired); nothing was pushed and your commits are on " + run.branch
                    + ". Run land again.");
        }
    }

    private LandRun landBatch(BatchLeader leader, BatchSeat seat, List<BatchRequest> taken, LandRun run,
                              String integration, Path commonDir) throws InterruptedException {
        List<BatchVerdict> verdicts = leader.land(seat.request(), taken, integration);
        if (settings.sync && verdicts.stream().anyMatch(v -> v.outcome() == Outcome.LANDED)) {
            new MainCheckoutSync(commonDir, settings.remote, integration, log).fastForward();
        }
        return seat.conclude(verdicts.get(0), run, git, settings.remote + "/" + integration);
    }

    private void runChecks(LandRun run, Path commonDir) throws InterruptedException {
        // Kept beside the history, not in the worktree, so a check log never dirties a lane.
        Path logFile = commonDir.resolve("queuelock").resolve("logs").resolve(run.lane + "-checks.log");
        log.info("checking the rebased commit: " + checks.describe());
        boolean passed;
        // The lander holds the build queue for its checks, so builds queued after it cannot starve
        // it; its child build runs inside that lock (the extension sees its ancestor holds it).
        try (QueueLock build = buildLock) {
            build.acquire(AcquireOptions.defaults().withLabel("land checks of " + run.branch).withListener(log::buildWait));
            passed = checks.run(git.worktree(), logFile);
        }
        if (!passed) {
            run.outcome = Outcome.CHECK_FAILED.id();
            throw new LandException("checks failed on the rebased commit (" + checks.describe() + "); nothing was pushed."
                    + " Log: " + logFile + ". Fix, commit, and run land again.");
        }
    }

    private void record(Path commonDir, LandRun run) {
        try {
            new LandHistory(commonDir).append(run);
        } catch (IOException e) {
            log.warn("could not record this run in the landing history: " + e.getMessage());
        }
    }

    static String shortSha(String sha) {
        return sha.length() > 10 ? sha.substring(0, 10) : sha;
    }

    /** Attributes the time since the previous mark to a phase, adding up across retries. */
    private static final class PhaseClock {
        private static final String[] ORDER = {"queueWait", "fetch", "rebase", "checks", "push", "sync"};
        private final LandRun run;
        private final InFlightLanding inFlight;
        private long mark = System.currentTimeMillis();

        PhaseClock(LandRun run, InFlightLanding inFlight) {
            this.run = run;
            this.inFlight = inFlight;
        }

        void end(String phase) {
            long now = System.currentTimeMillis();
            run.phases.merge(phase, now - mark, Long::sum);
            mark = now;
            for (int i = 0; i < ORDER.length - 1; i++) { // note the phase that starts now, for a crash
                if (ORDER[i].equals(phase)) {
                    inFlight.at(ORDER[i + 1]);
                }
            }
        }

        void retrying() {
            inFlight.at("fetch");
        }
    }
}

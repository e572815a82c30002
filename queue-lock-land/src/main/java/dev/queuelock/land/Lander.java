package dev.queuelock.land;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * One landing: refuse early, queue on "land", then fetch, rebase onto the integration branch,
 * check the rebased commit (holding the build queue), push fast-forward only, and fast-forward the
 * main checkout. Never forces, never resets, never deletes a branch: a conflict is aborted back to
 * the lane's own commit, and a failed check pushes nothing. The loop itself is the
 * {@link LandingEngine}'s; the {@link LandingMode} decides whether this lane lands alone or in a batch.
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
    private LandingMode mode = LandingMode.ALONE;

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

    /** Lands in this mode, e.g. batched ({@code new Batching(options)}); {@link LandingMode#ALONE} by default. */
    public Lander with(LandingMode landingMode) {
        this.mode = landingMode;
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
        String head = git.output("rev-parse", "HEAD");
        Landing landing = new Landing(git, settings, checks, landLock, buildLock, log, commonDir, integration, head, run,
                new PhaseClock(run, inFlight::at));
        inFlight.start(branch, head);
        try (QueueLock held = landLock;
             LandingMode.Turn turn = mode.await(landing, AcquireOptions.defaults().withLabel(branch).withListener(log::landWait))) {
            Optional<LandRun> concluded = turn.concluded();
            if (concluded.isPresent()) {
                return concluded.get();
            }
            landing.clock().end(Phase.QUEUE_WAIT);
            log.info("land queue acquired for " + branch + "; landing onto " + landing.remoteBranch());
            LandingDriver driver = turn.driver(new OwnWorktreeLanding(landing));
            try {
                if (new LandingEngine(landing).land(driver) && settings.sync) {
                    new MainCheckoutSync(commonDir, settings, integration, log).fastForward();
                    landing.clock().end(Phase.SYNC);
                }
                driver.conclude();
            } finally {
                run.totalMs = System.currentTimeMillis() - started;
                run.time = Instant.now().toString();
                record(commonDir, driver.finish());
            }
        } finally {
            inFlight.finish();
        }
        return run;
    }

    private void record(Path commonDir, List<LandRun> runs) {
        try {
            new LandHistory(commonDir).appendAll(runs);
        } catch (IOException e) {
            log.warn("could not record this run in the landing history: " + e.getMessage());
        }
    }
}

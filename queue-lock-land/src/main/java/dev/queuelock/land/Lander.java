package dev.queuelock.land;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One landing: refuse early, queue on "land", then fetch, rebase onto the integration branch,
 * check the rebased commit (holding the build queue), push fast-forward only, and fast-forward the
 * main checkout. Never forces, never resets, never deletes a branch: a conflict is aborted back to
 * the lane's own commit, and a failed check pushes nothing. The loop itself is the
 * {@link LandingEngine}'s; the {@link LandingMode} decides whether this lane lands alone or in a
 * batch. Every landing ends in a {@link LandResult}, which this class alone turns into the landing
 * history's records and what the user is told.
 */
public final class Lander {

    /** Set in the push's environment so the pre-push guard lets exactly this push through. */
    public static final String LANDING_ENV = "QUEUELOCK_LANDING";

    private final LandTools tools;
    private LandingMode mode = LandingMode.ALONE;
    private RepoContext repo;

    /**
     * @param landLock  the lane's lock of the "land" queue (not yet acquired)
     * @param buildLock the lock of the build queue the checks must hold, as the build extension
     *                  would take it for this worktree (not yet acquired)
     */
    public Lander(Git git, LandSettings settings, Checks checks, QueueLock landLock, QueueLock buildLock, LandLog log) {
        this.tools = new LandTools(git, settings, checks, landLock, buildLock, log);
    }

    /** Lands in this mode, e.g. batched ({@code new Batching(options)}); {@link LandingMode#ALONE} by default. */
    public Lander with(LandingMode landingMode) {
        this.mode = landingMode;
        return this;
    }

    /** Lands in this repository context, as the goal found it; else it is found from the worktree. */
    public Lander in(RepoContext context) {
        this.repo = context;
        return this;
    }

    /**
     * Lands the current branch; the returned run is also appended to the landing history.
     *
     * @throws LandException if it did not land (the message says why and what to do)
     */
    public LandRun land() throws InterruptedException {
        long started = System.currentTimeMillis();
        RepoContext repo = this.repo != null ? this.repo : RepoContext.of(tools.git, tools.settings);
        InFlightLanding inFlight = new InFlightLanding(repo.stateDir(), tools.git.worktree().getFileName().toString());
        inFlight.takeInterrupted().ifPresent(tools.log::warn);
        String branch = new Preflight(tools.git, tools.settings).check(repo.integration());
        QueuedLane lane = new QueuedLane(tools.git.worktree().getFileName().toString(), branch, tools.git.head());
        Landing landing = new Landing(tools, repo, lane, new PhaseClock(inFlight::at));
        inFlight.start(branch, lane.head());
        try (QueueLock held = tools.landLock;
             LandingMode.Turn turn = mode.await(landing, AcquireOptions.defaults().withLabel(branch).withListener(tools.log::landWait))) {
            Optional<LandResult> concluded = turn.concluded();
            if (concluded.isPresent()) { // a batch leader landed (or refused) this lane, and recorded it
                return report(concluded.get(), runOf(landing, concluded.get(), Optional.empty(), started));
            }
            landing.clock().end(Phase.QUEUE_WAIT);
            tools.log.info("land queue acquired for " + landing.lane().named() + "; landing onto " + landing.repo().remoteBranch());
            return report(landOnTurn(landing, turn.driver(new OwnWorktreeLanding(landing)), started));
        } finally {
            inFlight.finish();
        }
    }

    private Recorded landOnTurn(Landing landing, LandingDriver driver, long started) throws InterruptedException {
        LandResult result = LandResult.failed("the landing stopped before it ended");
        LandRun run;
        try {
            result = new LandingEngine(landing).land(driver);
            if (result.outcome() == Outcome.LANDED && tools.settings.sync) {
                new MainCheckoutSync(landing.repo().commonDir(), tools.settings, landing.repo().integration(), tools.log).fastForward();
                landing.clock().end(Phase.SYNC);
            }
            result = driver.conclude(result);
        } catch (RuntimeException e) {
            result = LandResult.failed(String.valueOf(e.getMessage()));
            throw e;
        } catch (InterruptedException e) {
            result = LandResult.failed("interrupted");
            throw e;
        } finally {
            run = record(landing, result, driver, started);
        }
        return new Recorded(result, run);
    }

    /** The history's records of this landing, built here and only here: this lane's first, then a batch's other members. */
    private LandRun record(Landing landing, LandResult result, LandingDriver driver, long started) {
        LandRun own = runOf(landing, result, driver.batch(), started);
        List<LandRun> runs = new ArrayList<>(List.of(own));
        for (LandingDriver.Member member : driver.finish()) {
            LandRun run = LandRun.of(member.lane, member.branch, member.result.outcome(), member.result.commit());
            run.batch = own.batch;
            run.retries = own.retries;
            run.totalMs = System.currentTimeMillis() - member.queuedAt;
            run.phases.put(Phase.QUEUE_WAIT.id(), member.queueWaitMs);
            own.phases.forEach((phase, ms) -> {
                if (!phase.equals(Phase.QUEUE_WAIT.id())) {
                    run.phases.put(phase, ms);
                }
            });
            runs.add(run);
        }
        try {
            new LandHistory(landing.repo().commonDir()).appendAll(runs);
        } catch (IOException e) {
            tools.log.warn("could not record this run in the landing history: " + e.getMessage());
        }
        return own;
    }

    private static LandRun runOf(Landing landing, LandResult result, Optional<BatchRecord> batch, long started) {
        LandRun run = LandRun.of(landing.lane().name(), landing.lane().branch(), result.outcome(), result.commit());
        run.phases.putAll(landing.clock().phases());
        run.retries = landing.clock().retries();
        run.batch = batch.orElse(null);
        run.totalMs = System.currentTimeMillis() - started;
        return run;
    }

    private LandRun report(Recorded recorded) {
        return report(recorded.result, recorded.run);
    }

    /** A success is logged and its record returned; anything else is the user's one-line failure. */
    private LandRun report(LandResult result, LandRun run) {
        if (!result.succeeded()) {
            throw new LandException(result.message());
        }
        tools.log.info(result.message());
        return run;
    }

    /** A result and the record it was kept as. */
    private static final class Recorded {
        final LandResult result;
        final LandRun run;

        Recorded(LandResult result, LandRun run) {
            this.result = result;
            this.run = run;
        }
    }
}

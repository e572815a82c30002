package dev.queuelock.land.engine;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.checks.Checks;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.land.history.CommandTime;
import dev.queuelock.land.history.InFlightLanding;
import dev.queuelock.land.history.InterruptedLandings;
import dev.queuelock.land.notify.Notifier;
import dev.queuelock.land.history.Activity;
import dev.queuelock.land.history.LandingEvents;
import java.util.Optional;

/**
 * One landing: refuse early, queue on "land", then fetch, rebase onto the integration branch,
 * check the rebased commit (holding the build queue), push fast-forward only, and fast-forward the
 * main checkout. Never forces, never resets, never deletes a branch: a conflict is aborted back to
 * the lane's own commit, and a failed check pushes nothing. The loop itself is the
 * {@link LandingEngine}'s; the {@link LandingMode} decides whether this lane lands alone or in a
 * batch (a batch answers its own members). Every landing ends in {@link LandingResults}, which
 * this class records in the landing history (once, through its {@link LandingRecorder}) and returns
 * its own lane's {@link LandResult} of: the caller fails with a refusal's message. Immutable:
 * {@link #with} and {@link #in} return a new lander.
 */
public final class Lander {

    private final Git git;
    private final CheckAndPushSettings settings;
    private final Checks checks;
    private final QueueLock landLock;
    private final QueueLock buildLock;
    private final LandLog log;
    private final LandingMode mode;
    /** As the goal found it; null: found from the worktree. */
    private final RepoContext repo;
    /** Epoch ms the process and Maven's session started, and the goal; 0 where unknown. */
    private final long[] startedAt;
    private final Notifier notifier;

    /**
     * @param landLock  the lane's lock of the "land" queue (not yet acquired)
     * @param buildLock the lock of the build queue the checks must hold, as the build extension
     *                  would take it for this worktree (not yet acquired)
     */
    public Lander(Git git, CheckAndPushSettings settings, Checks checks, QueueLock landLock, QueueLock buildLock, LandLog log) {
        this(git, settings, checks, landLock, buildLock, log, LandingMode.ALONE, null, Notifier.NONE, new long[3]);
    }

    private Lander(Git git, CheckAndPushSettings settings, Checks checks, QueueLock landLock, QueueLock buildLock, LandLog log,
                   LandingMode mode, RepoContext repo, Notifier notifier, long[] startedAt) {
        this.git = git;
        this.settings = settings;
        this.checks = checks;
        this.landLock = landLock;
        this.buildLock = buildLock;
        this.log = log;
        this.mode = mode;
        this.repo = repo;
        this.notifier = notifier;
        this.startedAt = startedAt;
    }

    /**
     * A lander that records the command's own time before it (in epoch ms; 0 where unknown): its
     * process's start, Maven's session's and the goal's.
     */
    public Lander startedAt(long process, long session, long goal) {
        return new Lander(git, settings, checks, landLock, buildLock, log, mode, repo, notifier, new long[] {process, session, goal});
    }

    /** A lander that lands in this mode, e.g. batched ({@code new Batching(options)}); {@link LandingMode#ALONE} by default. */
    public Lander with(LandingMode landingMode) {
        return new Lander(git, settings, checks, landLock, buildLock, log, landingMode, repo, notifier, startedAt);
    }

    /** A lander that lands in this repository context, as the goal found it; else it is found from the worktree. */
    public Lander in(RepoContext context) {
        return new Lander(git, settings, checks, landLock, buildLock, log, mode, context, notifier, startedAt);
    }

    /** A lander that tells {@code by} how each landing it decides ended (landed, refused). */
    public Lander notifying(Notifier by) {
        return new Lander(git, settings, checks, landLock, buildLock, log, mode, repo, by, startedAt);
    }

    /**
     * Lands the current branch: how it ended, as recorded in the landing history. A success is
     * logged here; a refusal is returned, not thrown: its message is the one line the caller fails with.
     *
     * @throws LandException if the landing could not begin (the preflight refused it: nothing queued, nothing recorded)
     */
    public LandResult land() throws InterruptedException {
        long started = System.currentTimeMillis();
        RepoContext repo = this.repo != null ? this.repo : RepoContext.of(git, settings.target());
        String laneName = git.worktree().getFileName().toString();
        InFlightLanding inFlight = new InFlightLanding(repo.stateDir(), laneName);
        LandingEvents events = new LandingEvents(new Activity(repo.stateDir()), notifier);
        inFlight.takeInterrupted().ifPresent(log::warn);
        String branch = new Preflight(git, settings).check(repo.integration());
        Landing landing = new Landing(git, settings, checks, landLock, buildLock, log, repo,
                new QueuedLane(laneName, branch, git.head()), new PhaseClock(phase -> {
                    inFlight.at(phase);
                    events.phase(laneName, phase);
                }));
        // The record counts from the process's start where it is known: what the person waited, start-up included.
        long from = CommandTime.firstKnown(startedAt, started);
        landing.clock().before(CommandTime.spans(from, startedAt[0], startedAt[1], startedAt[2], landing.clock().started()));
        LandingRecorder recorder = new LandingRecorder(landing, from);
        inFlight.start(branch, landing.lane().head());
        events.phase(laneName, Phase.QUEUE_WAIT);
        AcquireOptions acquire = AcquireOptions.defaults().withLabel(branch).withListener(log::landWait);
        if (settings.highPriority()) {
            acquire = acquire.withHighPriority(mode.keptAhead(landing), mode.placeGuard(landing));
            log.info("priority high: asking for a place ahead of the landers waiting in the land queue, after the landing under way");
        }
        try (QueueLock held = landLock;
             LandingMode.LandQueueHold hold = mode.await(landing, acquire)) {
            Optional<LandResult> concluded = hold.concluded();
            if (concluded.isPresent()) { // a batch leader landed (or refused) this lane, and recorded it
                return report(concluded.get(), landing);
            }
            landing.clock().end(Phase.QUEUE_WAIT);
            // Taking the queue over from a lander that died, this one records its landing: once, and no watch does.
            new InterruptedLandings(repo.commonDir(), events).record(laneName).forEach(run -> log.info("the landing of " + run.lane
                    + " (" + run.branch + ") ended with its process, unfinished; recorded as interrupted in the landing history"));
            log.info("land queue acquired for " + landing.lane().named() + "; landing onto " + repo.remoteBranch());
            return landHolding(hold, landing, recorder, events);
        } finally {
            inFlight.finish();
        }
    }

    /** Lands holding the land queue and records how it ended, however it ended. */
    private LandResult landHolding(LandingMode.LandQueueHold hold, Landing landing, LandingRecorder recorder, LandingEvents events)
            throws InterruptedException {
        LandingResults results = LandingResults.alone(LandResult.failed("the landing stopped before it ended"));
        try {
            results = hold.land(new LandingEngine(landing));
        } catch (LandException e) { // e.g. a batch's scratch worktree could not be set up: it ends as any failure does
            results = LandingResults.alone(LandResult.failed(e.getMessage()));
        } catch (RuntimeException e) {
            results = LandingResults.alone(LandResult.failed(String.valueOf(e.getMessage())));
            throw e;
        } catch (InterruptedException e) {
            results = LandingResults.alone(LandResult.failed("interrupted"));
            throw e;
        } finally {
            recorder.record(results);
            events.ended(landing.lane().name(), landing.lane().branch(), results.own());
            for (LandingResults.Member member : results.members()) {
                events.ended(member.lane, member.branch, member.result);
            }
        }
        return report(results.own(), landing);
    }

    /** A success is logged, with the command's time before it landed; a refusal is the caller's to tell. */
    private LandResult report(LandResult result, Landing landing) {
        if (result.succeeded()) {
            log.info(result.message());
            CommandTime.describe(landing.clock().phases()).ifPresent(log::info);
        }
        return result;
    }
}

package dev.queuelock.land.batch;

import dev.queuelock.QueueLock;
import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.checks.BuildQueueChecks;
import dev.queuelock.land.checks.CheckLogs;
import dev.queuelock.land.checks.SpeculativeCheck;
import dev.queuelock.land.engine.Landing;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * A round of speculative checks, run at once: each in a scratch worktree of its own (removed when
 * it ends, the worktree of a killed leader by the next one), each check build in a build slot of
 * its own (the first in the leader's hold, the others each taking one as any build does, so the
 * machine never runs more than the build queue admits and every check counts as a busy slot). The
 * leader's hold is taken before the others ask for theirs: it may join a hold of this process
 * (its session's own), which must never be another check's. A failing check stops the checks
 * behind it: their result could not be used. Until one fails, a slot that frees (or is free) starts
 * the check of a lane that joins the round ({@link RoundJoins}). Interrupted, every check is
 * stopped before this returns.
 */
final class SpeculativeChecks implements Speculation.Runner<BatchRequest> {

    /** How often a round under way looks for a free slot and a lane to join it, besides when a check ends. */
    private static final Duration JOIN_POLL = Duration.ofMillis(250);

    private final Landing landing;
    private final BuildQueueChecks own;
    private final Supplier<QueueLock> moreSlots;
    private final String label;
    private final Path stateDir;
    private final CheckLogs logs;
    private final LandLog log;
    private final Map<String, Path> logOf = new ConcurrentHashMap<>();
    private final ChecksShown shown;

    /**
     * @param own       the checks in the leader's build hold, taken at its first run
     * @param moreSlots a fresh lock of the build queue per further check
     */
    SpeculativeChecks(Landing landing, BuildQueueChecks own, Supplier<QueueLock> moreSlots, String label, Path stateDir,
            ChecksShown shown) {
        this.landing = landing;
        this.shown = shown;
        this.own = own;
        this.moreSlots = moreSlots;
        this.label = label;
        this.stateDir = stateDir;
        this.logs = CheckLogs.of(landing.repo());
        this.log = landing.log();
    }

    @Override
    public List<Speculation.Ended> run(List<Speculation.Candidate<BatchRequest>> first, Speculation.Joining<BatchRequest> joining,
            long[] wallMs) throws InterruptedException {
        long started = System.currentTimeMillis();
        own.take();
        List<Speculation.Candidate<BatchRequest>> candidates = new ArrayList<>(first);
        ExecutorService pool = Executors.newCachedThreadPool(work -> {
            Thread thread = new Thread(work, "queuelock-speculative-check");
            thread.setDaemon(true);
            return thread;
        });
        ExecutorCompletionService<Boolean> done = new ExecutorCompletionService<>(pool);
        List<Future<Boolean>> futures = new ArrayList<>();
        List<Long> began = new ArrayList<>();
        Map<Integer, Speculation.Ended> ended = new HashMap<>();
        try {
            for (int i = 0; i < candidates.size(); i++) {
                began.add(System.currentTimeMillis());
                futures.add(done.submit(check(i == 0, candidates.get(i))));
            }
            int failedAt = Integer.MAX_VALUE;
            while (ended.size() < candidates.size()) {
                if (failedAt == Integer.MAX_VALUE) {
                    join(joining, candidates, futures, began, done, candidates.size() - ended.size());
                }
                Future<Boolean> future = done.poll(JOIN_POLL.toMillis(), TimeUnit.MILLISECONDS);
                if (future == null) {
                    continue;
                }
                int i = futures.indexOf(future);
                long ms = System.currentTimeMillis() - began.get(i);
                Boolean passed = result(future);
                ended.put(i, passed == null ? Speculation.Ended.dropped(ms)
                        : new Speculation.Ended(passed, ms, SpeculativeCheck.standsOnMain(logOf.get(candidates.get(i).commit))));
                if (Boolean.FALSE.equals(passed) && i < failedAt) {
                    failedAt = i;
                    for (int behind : SpeculationPlan.droppedBy(prefixes(candidates), candidates.get(i).prefix)) {
                        if (futures.get(behind).cancel(true)) {
                            log.info("dropped the speculative check of " + what(candidates.get(behind)) + ": "
                                    + what(candidates.get(i)) + " failed");
                        }
                    }
                }
            }
        } finally {
            stopAll(pool, futures);
        }
        wallMs[0] = System.currentTimeMillis() - started;
        landing.clock().end(Phase.CHECKS); // the round's checks, not the restack after it
        List<Speculation.Ended> results = new ArrayList<>();
        for (int i = 0; i < candidates.size(); i++) {
            results.add(ended.get(i));
        }
        return results;
    }

    /** Starts the checks that join the round now: a lane the round left for later, or one that queued meanwhile. */
    private void join(Speculation.Joining<BatchRequest> joining, List<Speculation.Candidate<BatchRequest>> candidates,
            List<Future<Boolean>> futures, List<Long> began, ExecutorCompletionService<Boolean> done, int running)
            throws InterruptedException {
        for (Optional<Speculation.Candidate<BatchRequest>> more = joining.next(running); more.isPresent();
                more = joining.next(++running)) {
            candidates.add(more.get());
            began.add(System.currentTimeMillis());
            futures.add(done.submit(check(false, more.get())));
        }
    }

    /** The log of the check run on this commit. */
    Path logOf(String commit) {
        return logOf.get(commit);
    }

    private Callable<Boolean> check(boolean first, Speculation.Candidate<BatchRequest> candidate) {
        return () -> {
            String what = what(candidate);
            shown.said(what, "checking");
            try {
                boolean passed = start(first, candidate);
                shown.said(what, passed ? "passed" : "failed");
                return passed;
            } catch (InterruptedException e) {
                shown.said(what, "stopped");
                throw e;
            }
        };
    }

    private boolean start(boolean first, Speculation.Candidate<BatchRequest> candidate) throws IOException, InterruptedException {
        Path logFile = logs.next("speculative-" + (candidate.prefix + 1));
        logOf.put(candidate.commit, logFile);
        if (candidate.members.size() > 1) {
            SpeculativeCheck.ahead(logFile, candidate.below);
        }
        log.info("speculative check of " + what(candidate) + " started, log " + logFile);
        if (first) {
            return inScratch(own, true, candidate, logFile);
        }
        try (BuildQueueChecks checks = landing.checks(label, moreSlots.get())) {
            return inScratch(checks, false, candidate, logFile);
        }
    }

    /** @param taken whether the checks' hold is taken already (the leader's), else the run takes it */
    private boolean inScratch(BuildQueueChecks checks, boolean taken, Speculation.Candidate<BatchRequest> candidate, Path logFile)
            throws InterruptedException {
        try {
            return new ScratchWorktrees(landing.git(), stateDir).with(scratch -> {
                scratch.checkOutClean(candidate.commit);
                return taken ? checks.runTaken(scratch.worktree(), logFile) : checks.run(scratch.worktree(), logFile);
            });
        } catch (IOException e) {
            throw new LandException("cannot set up a worktree for the speculative check of " + what(candidate) + ": "
                    + e.getMessage() + "; run land again (or with -D" + BatchOptions.PARALLEL.name() + "=1).");
        }
    }

    /** True or false as the check ended; null if it was dropped. */
    private static Boolean result(Future<Boolean> future) throws InterruptedException {
        try {
            return future.get();
        } catch (CancellationException e) {
            return null;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException) {
                throw (RuntimeException) e.getCause();
            }
            if (e.getCause() instanceof InterruptedException) {
                return null; // stopped by a failure ahead of it
            }
            throw new LandException("a speculative check failed to run: " + e.getCause());
        }
    }

    /** However the round ends, no check of it runs on: each one stops its tree when interrupted. */
    private static void stopAll(ExecutorService pool, List<Future<Boolean>> futures) throws InterruptedException {
        futures.forEach(f -> f.cancel(true));
        pool.shutdownNow();
        while (!pool.awaitTermination(1, TimeUnit.MINUTES)) {
            pool.shutdownNow();
        }
    }

    private static List<Integer> prefixes(List<Speculation.Candidate<BatchRequest>> candidates) {
        List<Integer> prefixes = new ArrayList<>();
        candidates.forEach(c -> prefixes.add(c.prefix));
        return prefixes;
    }

    private String what(Speculation.Candidate<BatchRequest> candidate) {
        return CheckLines.named(candidate, m -> m.lane, landing.repo().remoteBranch());
    }
}

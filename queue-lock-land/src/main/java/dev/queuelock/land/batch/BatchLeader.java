package dev.queuelock.land.batch;

import dev.queuelock.config.QueueLockProperties;
import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.ephemeral.ClaimRegistry;
import dev.queuelock.ephemeral.EphemeralResources;
import dev.queuelock.land.BatchRecord;
import dev.queuelock.land.Checks;
import dev.queuelock.land.Git;
import dev.queuelock.land.LandException;
import dev.queuelock.land.LandHistory;
import dev.queuelock.land.LandLog;
import dev.queuelock.land.LandRun;
import dev.queuelock.land.LandSettings;
import dev.queuelock.land.Lander;
import dev.queuelock.land.Outcome;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The holder of the land queue landing a batch: it takes the waiters behind it (queue order, only
 * those that published a request, stopping at the first that did not, so no lane overtakes
 * another), builds the candidate stack in a scratch worktree, checks it once, bisects on failure,
 * pushes the passing stack in one fast-forward push, and answers every member. It answers and
 * records everything before the caller releases the land queue.
 */
public final class BatchLeader {

    private final Git git;
    private final LandSettings settings;
    private final Checks checks;
    private final QueueLock buildLock;
    private final Path commonDir;
    private final BatchOptions options;
    private final QueueLock landLock;
    private final LandLog log;
    private final BatchBoard board;
    private final String id = System.currentTimeMillis() + "-" + ProcessHandle.current().pid();
    private final BatchRecord record = new BatchRecord();
    private final Map<String, BatchVerdict> verdicts = new LinkedHashMap<>();

    /**
     * @param landLock the land queue this leader holds; checked right before the push, as a backend
     *                 spanning machines can lose it under a live holder
     */
    public BatchLeader(Git git, LandSettings settings, Checks checks, QueueLock landLock, QueueLock buildLock,
                       Path commonDir, BatchOptions options, LandLog log) {
        this.git = git;
        this.landLock = landLock;
        this.settings = settings;
        this.checks = checks;
        this.buildLock = buildLock;
        this.commonDir = commonDir;
        this.options = options;
        this.log = log;
        this.board = new BatchBoard(commonDir);
        record.id = id;
    }

    /** Takes up to size − 1 live waiters with a request, in queue order, and tells them they are taken. */
    public List<BatchRequest> take(BatchRequest self) {
        List<BatchRequest> taken = new ArrayList<>();
        if (!options.enabled()) {
            return taken;
        }
        for (LockRecord waiter : options.landWaiters()) {
            if (taken.size() >= options.size() - 1) {
                break;
            }
            var request = board.request(waiter.lane()).filter(r -> r.belongsTo(waiter) && r.isAlive());
            if (request.isEmpty() || request.get().lane.equals(self.lane)) {
                break; // FIFO: a lane that cannot be batched is not overtaken by the ones behind it
            }
            try {
                board.answer(BatchVerdict.taken(request.get(), id, self.lane));
                taken.add(request.get());
            } catch (IOException e) {
                break;
            }
        }
        return taken;
    }

    /**
     * Lands the leader's lane and the taken ones as one batch.
     *
     * @return each member's verdict, the leader's first
     */
    public List<BatchVerdict> land(BatchRequest self, List<BatchRequest> taken, String integration) throws InterruptedException {
        long started = System.currentTimeMillis();
        List<BatchRequest> members = new ArrayList<>(List.of(self));
        members.addAll(taken);
        record.leader = self.lane;
        record.members = CandidateStack.lanes(members);
        log.info("batch " + id + ": landing " + members.size() + " lanes in queue order: " + String.join(", ", record.members));
        PhaseTimes times = new PhaseTimes();
        Path base = board.directory();
        try {
            EphemeralResources.withEphemeralResource(new ScratchWorktreeProvider(git, base.resolve("scratch")),
                    ClaimRegistry.at(base.resolve("claims")), scratch -> attempts(self, members, integration, new Git(scratch), times));
        } catch (IOException e) {
            throw new LandException("cannot set up the batch's scratch worktree: " + e.getMessage()
                    + "; run land again (or with -D" + QueueLockProperties.BATCH + "=1).");
        } finally {
            buildLock.release();
            for (BatchRequest member : taken) {
                if (!verdicts.containsKey(member.lane)) {
                    board.withdrawVerdict(member); // not answered: free it to land on its own
                }
            }
        }
        answerAndRecord(self, members, times, started);
        List<BatchVerdict> all = new ArrayList<>();
        members.forEach(m -> all.add(verdicts.get(m.lane)));
        return all;
    }

    private Void attempts(BatchRequest self, List<BatchRequest> members, String integration, Git scratch, PhaseTimes times)
            throws InterruptedException {
        String remoteRef = "refs/remotes/" + settings.remote() + "/" + integration;
        List<BatchRequest> candidates = new ArrayList<>(members);
        for (int attempt = 0; ; attempt++) {
            git.output("fetch", "--quiet", settings.remote(), "+refs/heads/" + integration + ":" + remoteRef);
            times.end("fetch");
            candidates.removeIf(m -> m != self && !m.isAlive() && step("dropped " + m.lane + ": its lander is gone"));
            CandidateStack stack = new CandidateStack(scratch, remoteRef, checks, commonDir.resolve("queuelock").resolve("logs"),
                    id, times, new Steps(), this::holdBuildQueue);
            Bisection.Verdicts<BatchRequest> result;
            try {
                result = new Bisection<>(stack, stack).run(git.output("rev-parse", remoteRef), candidates);
            } finally {
                buildLock.release();
                record.checkRuns += stack.runs();
            }
            result.conflicted.forEach(m -> decide(m, Outcome.REBASE_CONFLICT, null, null));
            for (int i = 0; i < result.failed.size(); i++) {
                Path failedLog = stack.logOf(result.failedCommits.get(i));
                decide(result.failed.get(i), Outcome.CHECK_FAILED, null, failedLog == null ? null : failedLog.toString());
                step("culprit: " + result.failed.get(i).lane + " (check-failed)");
            }
            if (result.top() == null) {
                return null;
            }
            if (!landLock.isHeld()) {
                throw new LandException("lost the land queue before the push (its backend lost the lock); nothing of batch "
                        + id + " was pushed. Run land again.");
            }
            Git.Result push = git.run(Map.of(Lander.LANDING_ENV, "1"), "push", "--porcelain", settings.remote(),
                    result.top() + ":refs/heads/" + integration);
            times.end("push");
            if (push.ok()) {
                for (int i = 0; i < result.passed.size(); i++) {
                    decide(result.passed.get(i), Outcome.LANDED, result.passedCommits.get(i), null);
                }
                step("pushed " + result.passed.size() + " lanes at " + BatchRequest.shortSha(result.top()));
                log.info("batch " + id + ": " + result.passed.size() + " of " + members.size() + " lanes landed on "
                        + settings.remote() + "/" + integration + " at " + BatchRequest.shortSha(result.top())
                        + " after " + record.checkRuns + " check run(s)");
                return null;
            }
            boolean remoteMoved = push.out.contains("[rejected]");
            if (!remoteMoved || attempt >= settings.pushRetries()) {
                result.passed.forEach(m -> decide(m, Outcome.PUSH_REJECTED, null, null));
                step("push rejected: " + (remoteMoved ? "the remote kept moving" : push.lastErrorLine()));
                return null;
            }
            step("push rejected: " + settings.remote() + "/" + integration + " moved; restacking the passing lanes");
            log.warn(settings.remote() + "/" + integration + " moved during the batch's checks; restacking and checking again");
            candidates = new ArrayList<>(result.passed);
        }
    }

    private void holdBuildQueue() {
        try {
            buildLock.acquire(AcquireOptions.defaults().withLabel("land checks of batch " + id).withListener(log::buildWait));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LandException("interrupted while waiting for the build queue; nothing was pushed.");
        }
    }

    private void decide(BatchRequest member, Outcome outcome, String commit, String logFile) {
        verdicts.put(member.lane, BatchVerdict.taken(member, id, record.leader).outcome(outcome, commit, logFile, null));
    }

    private boolean step(String line) {
        record.steps.add(line);
        return true;
    }

    private void answerAndRecord(BatchRequest self, List<BatchRequest> members, PhaseTimes times, long started) {
        List<LandRun> runs = new ArrayList<>();
        for (BatchRequest member : members) {
            BatchVerdict verdict = verdicts.computeIfAbsent(member.lane,
                    lane -> BatchVerdict.taken(member, id, self.lane).outcome(Outcome.ERROR, null, null, "its lander was gone"));
            if (member != self) {
                try {
                    board.answer(verdict);
                } catch (IOException e) {
                    log.warn("could not tell " + member.lane + " its outcome (" + e.getMessage() + "); it will land on its own");
                }
            }
            LandRun run = new LandRun();
            run.time = Instant.now().toString();
            run.lane = member.lane;
            run.branch = member.branch;
            run.commit = verdict.commit;
            run.outcome = verdict.state;
            run.totalMs = System.currentTimeMillis() - member.ts;
            run.phases.put("queueWait", Math.max(0, started - member.ts));
            run.phases.putAll(times.snapshot());
            run.batch = record;
            runs.add(run);
        }
        try {
            new LandHistory(commonDir).appendAll(runs);
        } catch (IOException e) {
            log.warn("could not record the batch in the landing history: " + e.getMessage());
        }
    }

    /** Reports each check run and conflict as it happens. */
    private final class Steps implements CandidateStack.Steps {
        @Override
        public void checked(int run, String what, boolean passed, Path logFile) {
            step("check " + run + ": " + what + " " + (passed ? "passed" : "failed"));
            log.info("batch " + id + ": check run " + run + " on " + what + ": " + (passed ? "passed" : "FAILED, log " + logFile));
        }

        @Override
        public void conflicted(BatchRequest member) {
            step("conflict: " + member.lane + " dropped");
            log.warn("batch " + id + ": " + member.lane + " conflicts with the lanes before it; dropped from the batch");
        }
    }
}

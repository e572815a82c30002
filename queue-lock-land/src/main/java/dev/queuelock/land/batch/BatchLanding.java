package dev.queuelock.land.batch;

import dev.queuelock.land.BatchRecord;
import dev.queuelock.land.BuildQueueChecks;
import dev.queuelock.land.CheckLogs;
import dev.queuelock.land.Git;
import dev.queuelock.land.LandException;
import dev.queuelock.land.LandLog;
import dev.queuelock.land.LandResult;
import dev.queuelock.land.Landing;
import dev.queuelock.land.LandingDriver;
import dev.queuelock.land.Outcome;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A batch, as the landing engine lands it: the candidate is the stack of the members' lanes in
 * queue order, built in a scratch worktree (no lane's own worktree is touched), checked once,
 * bisected on failure; the passing stack is pushed in one fast-forward push. Every member is
 * answered and recorded before the leader releases the land queue.
 */
final class BatchLanding implements LandingDriver {

    private final Landing landing;
    private final BatchSeat seat;
    private final BatchRequest self;
    private final List<BatchRequest> members = new ArrayList<>();
    private final String id;
    private final LandLog log;
    private final BatchBoard board;
    private final BatchRecord record = new BatchRecord();
    private final Map<String, BatchVerdict> verdicts = new LinkedHashMap<>();
    private final long started = System.currentTimeMillis();
    private List<BatchRequest> candidates;
    private Bisection.Verdicts<BatchRequest> result;
    private Git scratch;
    private boolean completed;
    /** The land queue was lost: the batch broke off, nothing of it was pushed. */
    private boolean brokeOff;

    BatchLanding(Landing landing, BatchSeat seat, List<BatchRequest> taken, String id) {
        this.landing = landing;
        this.seat = seat;
        this.self = seat.request();
        this.id = id;
        this.log = landing.log();
        this.board = new BatchBoard(landing.repo().commonDir());
        members.add(self);
        members.addAll(taken);
        candidates = new ArrayList<>(members);
        record.id = id;
        record.leader = self.lane;
        record.members = CandidateStack.lanes(members);
    }

    @Override
    public LandResult around(Loop loop) throws InterruptedException {
        log.info("batch " + id + ": landing " + members.size() + " lanes in queue order: " + String.join(", ", record.members));
        Path base = board.directory();
        try {
            LandResult pushed = new ScratchWorktrees(landing.git(), base).with(worktree -> {
                scratch = worktree;
                return loop.run();
            });
            completed = true;
            return pushed;
        } catch (IOException e) {
            throw new LandException("cannot set up the batch's scratch worktree: " + e.getMessage()
                    + "; run land again (or with -D" + BatchOptions.BATCH + "=1).");
        }
    }

    @Override
    public Candidate candidate(String remoteRef) throws InterruptedException {
        candidates.removeIf(m -> m != self && !m.isAlive() && step("dropped " + m.lane + ": its lander is gone"));
        CandidateStack stack;
        try (BuildQueueChecks checks = landing.checks("land checks of batch " + id)) {
            stack = new CandidateStack(scratch, remoteRef, checks, CheckLogs.of(landing.repo()), landing.clock(), new Steps());
            try {
                result = new Bisection<>(stack, stack).run(landing.git().commitOf(remoteRef), candidates);
            } finally {
                record.checkRuns += stack.runs();
            }
        }
        result.conflicted.forEach(m -> decide(m, Outcome.REBASE_CONFLICT, null, null, null));
        for (BatchRequest member : result.alreadyThere) {
            decide(member, Outcome.NOTHING_TO_LAND, null, null, null);
            step("nothing to land: " + member.lane + " is already on " + landing.repo().remoteBranch());
        }
        for (Bisection.Tested<BatchRequest> culprit : result.failed) {
            Path failedLog = stack.logOf(culprit.commit);
            decide(culprit.member, Outcome.CHECK_FAILED, null, culprit.commit, failedLog == null ? null : failedLog.toString());
            step("culprit: " + culprit.member.lane + " (check-failed)");
        }
        return result.top() == null ? Candidate.ended(LandResult.failed("no lane of batch " + id + " passed; nothing was pushed"))
                : Candidate.push(result.top());
    }

    @Override
    public LandResult pushed(String top) {
        result.passed.forEach(landed -> decide(landed.member, Outcome.LANDED, landed.commit, null, null));
        step("pushed " + result.passed.size() + " lanes at " + Landing.shortSha(top));
        String message = "batch " + id + ": " + result.passed.size() + " of " + members.size() + " lanes landed on "
                + landing.repo().remoteBranch() + " at " + Landing.shortSha(top) + " after " + record.checkRuns + " check run(s)";
        log.info(message);
        return LandResult.landed(top, message);
    }

    @Override
    public LandResult rejected(String why) {
        result.passedMembers().forEach(m -> decide(m, Outcome.PUSH_REJECTED, null, null, null));
        step("push " + why);
        return LandResult.rejected("the batch's push to " + landing.repo().remoteBranch() + " was " + why + "; nothing was forced.");
    }

    @Override
    public void retrying(int retry) {
        step("push rejected: " + landing.repo().remoteBranch() + " moved; restacking the passing lanes");
        log.warn(landing.repo().remoteBranch() + " moved during the batch's checks; restacking and checking again");
        candidates = new ArrayList<>(result.passedMembers());
    }

    @Override
    public LandResult lostQueue() {
        brokeOff = true;
        return LandResult.failed("lost the land queue before the push (its backend lost the lock); nothing of batch "
                + id + " was pushed. Run land again.");
    }

    /** The leader's own lane: its branch moves to its landed commit, or the leader is told why it did not land. */
    @Override
    public LandResult conclude(LandResult loop) {
        return brokeOff ? loop : seat.conclude(verdictOf(self), landing);
    }

    @Override
    public Optional<BatchRecord> batch() {
        return Optional.of(record);
    }

    /**
     * Answers the members and returns them, to record. A member not decided because the batch broke
     * off (an error, a lost queue) is freed to land on its own; one whose lander is gone gets an error.
     */
    @Override
    public List<Member> finish() {
        List<Member> answered = new ArrayList<>();
        for (BatchRequest member : members) {
            if (member == self || !verdicts.containsKey(member.lane) && (!completed || brokeOff)) {
                if (member != self) {
                    board.withdrawVerdict(member); // not answered: free it to land on its own
                }
                continue;
            }
            BatchVerdict verdict = verdictOf(member);
            try {
                board.answer(verdict);
            } catch (IOException e) {
                log.warn("could not tell " + member.lane + " its outcome (" + e.getMessage() + "); it will land on its own");
            }
            answered.add(new Member(member.lane, member.branch, member.ts, Math.max(0, started - member.ts),
                    LandResult.of(verdict.outcome(), verdict.commit, verdict.message)));
        }
        return answered;
    }

    private BatchVerdict verdictOf(BatchRequest member) {
        return verdicts.computeIfAbsent(member.lane,
                lane -> BatchVerdict.taken(member, id, self.lane).decided(Outcome.ERROR, null, null, null, "its lander was gone"));
    }

    private void decide(BatchRequest member, Outcome outcome, String commit, String tested, String logFile) {
        verdicts.put(member.lane, BatchVerdict.taken(member, id, record.leader).decided(outcome, commit, tested, logFile, null));
    }

    private boolean step(String line) {
        record.steps.add(line);
        return true;
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

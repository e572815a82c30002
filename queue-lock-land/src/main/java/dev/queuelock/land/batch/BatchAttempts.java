package dev.queuelock.land.batch;

import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.checks.BuildQueueChecks;
import dev.queuelock.land.checks.CheckLogs;
import dev.queuelock.land.engine.Landing;
import dev.queuelock.land.engine.LandingDriver;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.git.Git;
import dev.queuelock.build.slots.UsualHolds;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A batch's attempts, as the landing engine drives them: the candidate is the stack of the pending
 * members' lanes in queue order, built in the scratch worktree (no lane's own worktree is touched),
 * checked once and bisected on failure; the passing stack is pushed in one fast-forward push. Each
 * call returns a new {@link BatchStep} with what it decided: nothing is kept here between calls.
 */
final class BatchAttempts implements LandingDriver<BatchStep> {

    private final Landing landing;
    private final String id;
    private final BatchRequest leader;
    private final List<BatchRequest> members;
    private final Git scratch;
    private final LandLog log;
    private final BatchOptions options;
    /** How many checks at once as this lander led, for its first round; later rounds decide afresh. */
    private ChecksAtOnce.Decision atLead;

    /** @param members the leader's request first, then the lanes it took, in queue order */
    BatchAttempts(Landing landing, String id, List<BatchRequest> members, Git scratch, BatchOptions options,
            ChecksAtOnce.Decision atLead) {
        this.landing = landing;
        this.options = options;
        this.atLead = atLead;
        this.id = id;
        this.leader = members.get(0);
        this.members = List.copyOf(members);
        this.scratch = scratch;
        this.log = landing.log();
    }

    @Override
    public BatchStep start() {
        return BatchStep.start(members);
    }

    @Override
    public BatchStep candidate(String remoteRef, BatchStep previous) throws InterruptedException {
        List<String> lines = new ArrayList<>();
        if (previous.commit() != null) {
            lines.add("push rejected: " + landing.repo().remoteBranch() + " moved; restacking the passing lanes");
            log.warn(landing.repo().remoteBranch() + " moved during the batch's checks; restacking and checking again");
        }
        List<BatchRequest> stacked = new ArrayList<>();
        for (BatchRequest member : previous.pending()) {
            if (member == leader || member.isAlive()) {
                stacked.add(member);
            } else {
                lines.add("dropped " + member.lane + ": its lander is gone");
            }
        }
        CandidateStack stack;
        Bisection.Verdicts<BatchRequest> bisected;
        Function<String, Path> logOf;
        int runs;
        String label = UsualHolds.LAND_CHECKS + " of batch " + id;
        try (BuildQueueChecks checks = landing.checks(label)) {
            stack = new CandidateStack(scratch, remoteRef, checks, CheckLogs.of(landing.repo()), landing.clock(), new Steps(lines));
            String base = landing.git().commitOf(remoteRef);
            if (options.parallel().mayRunSeveral()) {
                SpeculativeChecks together = new SpeculativeChecks(landing, checks, options.buildSlots(), label,
                        landing.repo().stateDir());
                Speculation<BatchRequest> speculation = new Speculation<>(stack, together, this::nextRound, options.perLane());
                bisected = speculation.run(base, stacked);
                landing.clock().end(Phase.CHECKS);
                lines.addAll(speculated(speculation));
                logOf = together::logOf;
                runs = speculation.checks().size();
            } else {
                bisected = new Bisection<>(stack, stack).run(base, stacked);
                logOf = stack::logOf;
                runs = stack.runs();
            }
        }
        List<BatchVerdict> verdicts = decide(bisected, logOf, lines);
        return previous.checked(bisected, verdicts, lines, runs, bisected.top() != null ? null
                : LandResult.failed("no lane of batch " + id + " passed; nothing was pushed"));
    }

    /**
     * How many checks the next round runs at once: the first as decided when this lander led, each
     * later one (after a failure ahead, or a push rejected) decided afresh, as the machine is then.
     */
    private int nextRound() {
        ChecksAtOnce.Decision decision = atLead;
        if (decision == null) {
            decision = options.parallel().decide();
            log.info("batch " + id + ": " + decision.line("for the next round"));
        }
        atLead = null;
        return decision.count();
    }

    /**
     * The history's lines of speculative checks: each on its base, dropped or not, and how long
     * they took: the rounds' wall time beside the checks' own times added up. No saving is claimed:
     * that needs the same checks timed alone, and side by side each may take longer than alone.
     */
    private List<String> speculated(Speculation<BatchRequest> speculation) {
        List<String> lines = new ArrayList<>();
        for (Speculation.Checked<BatchRequest> check : speculation.checks()) {
            String line = "check: " + Speculation.describe(check, m -> m.lane, landing.repo().remoteBranch());
            lines.add(line);
            log.info("batch " + id + ": " + line);
        }
        String summary = speculation.times().summary();
        lines.add(summary);
        log.info("batch " + id + ": " + summary);
        return lines;
    }

    /** The verdicts of the lanes left out: conflicting, with nothing to land, or culprits. */
    private List<BatchVerdict> decide(Bisection.Verdicts<BatchRequest> bisected, Function<String, Path> logOf, List<String> lines) {
        List<BatchVerdict> verdicts = new ArrayList<>();
        bisected.conflicted.forEach(m -> verdicts.add(verdict(m, Outcome.REBASE_CONFLICT, null, null, null)));
        for (BatchRequest member : bisected.alreadyThere) {
            verdicts.add(verdict(member, Outcome.NOTHING_TO_LAND, null, null, null));
            lines.add("nothing to land: " + member.lane + " is already on " + landing.repo().remoteBranch());
        }
        for (Bisection.Tested<BatchRequest> culprit : bisected.failed) {
            Path failedLog = logOf.apply(culprit.commit);
            verdicts.add(verdict(culprit.member, Outcome.CHECK_FAILED, null, culprit.commit, failedLog == null ? null : failedLog.toString()));
            lines.add("culprit: " + culprit.member.lane + " (check-failed)");
        }
        return verdicts;
    }

    @Override
    public BatchStep landed(BatchStep last) {
        List<BatchVerdict> verdicts = new ArrayList<>();
        last.passed().forEach(landed -> verdicts.add(verdict(landed.member, Outcome.LANDED, landed.commit, null, null)));
        String message = "batch " + id + ": " + last.passed().size() + " of " + members.size() + " lanes landed on "
                + landing.repo().remoteBranch() + " at " + Landing.shortSha(last.commit()) + " after " + last.checkRuns() + " check run(s)";
        log.info(message);
        return last.ended(LandResult.landed(last.commit(), message), verdicts,
                List.of("pushed " + last.passed().size() + " lanes at " + Landing.shortSha(last.commit())));
    }

    @Override
    public BatchStep rejected(BatchStep last, String why) {
        List<BatchVerdict> verdicts = new ArrayList<>();
        last.passed().forEach(refused -> verdicts.add(verdict(refused.member, Outcome.PUSH_REJECTED, null, null, null)));
        return last.ended(LandResult.rejected("the batch's push to " + landing.repo().remoteBranch() + " was " + why
                + "; nothing was forced."), verdicts, List.of("push " + why));
    }

    @Override
    public BatchStep failed(BatchStep last, String message) {
        return last.brokeOff(LandResult.failed(message));
    }

    private BatchVerdict verdict(BatchRequest member, Outcome outcome, String commit, String tested, String logFile) {
        return BatchVerdict.taken(member, id, leader.lane).decided(outcome, commit, tested, logFile, null);
    }

    /** Reports each check run and conflict as it happens, and adds it to the record's lines. */
    private final class Steps implements CandidateStack.Steps {
        private final List<String> lines;

        Steps(List<String> lines) {
            this.lines = lines;
        }

        @Override
        public void checked(int run, String what, boolean passed, Path logFile) {
            lines.add("check " + run + ": " + what + " " + (passed ? "passed" : "failed"));
            log.info("batch " + id + ": check run " + run + " on " + what + ": " + (passed ? "passed" : "FAILED, log " + logFile));
        }

        @Override
        public void conflicted(BatchRequest member) {
            lines.add("conflict: " + member.lane + " dropped");
            log.warn("batch " + id + ": " + member.lane + " conflicts with the lanes before it; dropped from the batch");
        }
    }
}

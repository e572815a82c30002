package dev.queuelock.land.batch;

import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.engine.LandingStep;
import dev.queuelock.land.history.BatchRecord;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a batch's attempts have come to, immutable: the members to stack at the next attempt, the
 * passing stack's top to push, each member's verdict decided so far, the lines and check runs of
 * the batch's record, and, once over, how it ended and whether it broke off (nothing of it pushed,
 * so a member not yet decided is freed to land on its own). Each step is a new one made from the
 * last, so nothing decided in an attempt is lost in the next.
 */
final class BatchStep implements LandingStep {

    private final List<BatchRequest> pending;
    private final List<Bisection.Tested<BatchRequest>> passed;
    private final Map<String, BatchVerdict> decided;
    private final List<String> lines;
    private final int checkRuns;
    private final LandResult ended;
    private final boolean brokeOff;

    private BatchStep(List<BatchRequest> pending, List<Bisection.Tested<BatchRequest>> passed, Map<String, BatchVerdict> decided,
                      List<String> lines, int checkRuns, LandResult ended, boolean brokeOff) {
        this.pending = List.copyOf(pending);
        this.passed = List.copyOf(passed);
        this.decided = Collections.unmodifiableMap(new LinkedHashMap<>(decided));
        this.lines = List.copyOf(lines);
        this.checkRuns = checkRuns;
        this.ended = ended;
        this.brokeOff = brokeOff;
    }

    /** Before the first attempt: every member pending, nothing decided. */
    static BatchStep start(List<BatchRequest> members) {
        return new BatchStep(members, List.of(), Map.of(), List.of(), 0, null, false);
    }

    /** After an attempt's bisection: its passing stack (to push, if any), its verdicts, lines and check runs added. */
    BatchStep checked(Bisection.Verdicts<BatchRequest> bisected, List<BatchVerdict> verdicts, List<String> more, int runs,
                      LandResult noneLeft) {
        return new BatchStep(bisected.passedMembers(), bisected.passed, with(verdicts), plus(more), checkRuns + runs, noneLeft,
                false);
    }

    /** The batch is over: how it ended for the leader's loop, the passing members' verdicts and the last lines added. */
    BatchStep ended(LandResult result, List<BatchVerdict> verdicts, List<String> more) {
        return new BatchStep(pending, passed, with(verdicts), plus(more), checkRuns, result, false);
    }

    /** The batch broke off before its push: nothing of it was pushed. */
    BatchStep brokeOff(LandResult result) {
        return new BatchStep(pending, passed, decided, lines, checkRuns, result, true);
    }

    @Override
    public String commit() {
        return passed.isEmpty() ? null : passed.get(passed.size() - 1).commit;
    }

    @Override
    public Optional<LandResult> ended() {
        return Optional.ofNullable(ended);
    }

    /** The members to stack at the next attempt (the passing ones, after a push the remote refused). */
    List<BatchRequest> pending() {
        return pending;
    }

    /** The passing members, each with the commit it lands as. */
    List<Bisection.Tested<BatchRequest>> passed() {
        return passed;
    }

    boolean isBrokeOff() {
        return brokeOff;
    }

    int checkRuns() {
        return checkRuns;
    }

    /** The verdict decided for this member, if one was. */
    Optional<BatchVerdict> verdict(BatchRequest member) {
        return Optional.ofNullable(decided.get(member.lane));
    }

    /** The batch as the landing history keeps it. */
    BatchRecord record(String id, String leader, List<String> members) {
        return new BatchRecord(id, leader, members, checkRuns, lines);
    }

    private Map<String, BatchVerdict> with(List<BatchVerdict> verdicts) {
        Map<String, BatchVerdict> all = new LinkedHashMap<>(decided);
        verdicts.forEach(v -> all.put(v.lane, v));
        return all;
    }

    private List<String> plus(List<String> more) {
        List<String> all = new ArrayList<>(lines);
        all.addAll(more);
        return all;
    }
}

package dev.queuelock.land.watch;

import dev.queuelock.LockRecord;
import dev.queuelock.land.batch.BatchBoard;
import dev.queuelock.land.batch.BatchVerdict;
import dev.queuelock.land.batch.ChecksUnderWay;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * How far the landings under way have come beyond their phase: a check's modules done, a running
 * batch's members, and its checks side by side, each on the lanes it ran on.
 */
final class UnderWay {

    static final UnderWay NONE = new UnderWay(Map.of(), Map.of(), Map.of());

    /** A check's progress by lane, as {@link CheckProgress} tells it. */
    final Map<String, String> checks;
    /** The batches under way by their leader's lane: every member, the leader first, then the lanes it took. */
    final Map<String, List<String>> batches;
    /** The checks side by side by their leader's lane, as it published them: e.g. {@code lane-3 on lane-1+lane-2: checking}. */
    final Map<String, List<String>> sideBySide;

    UnderWay(Map<String, String> checks, Map<String, List<String>> batches, Map<String, List<String>> sideBySide) {
        this.checks = checks;
        this.batches = batches;
        this.sideBySide = sideBySide;
    }

    /** The batches and checks side by side the board shows under way; no check's progress yet. */
    static UnderWay onBoard(BatchBoard board) {
        return new UnderWay(Map.of(), batches(board.verdicts()), sideBySide(board.checksUnderWay()));
    }

    /** These, with the checks' progress by lane. */
    UnderWay withChecks(Map<String, String> progress) {
        return new UnderWay(progress, batches, sideBySide);
    }

    /** The checks side by side of live leaders, by leader. */
    /** Which of the land queue's waiters are taken into the holder's landing, as the board says now; none outside git. */
    static Predicate<LockRecord> taken(Path commonDir, List<LockRecord> waiters) {
        return commonDir == null ? waiter -> false : new BatchBoard(commonDir).takenAmong(waiters);
    }

    static Map<String, List<String>> sideBySide(List<ChecksUnderWay> published) {
        Map<String, List<String>> byLeader = new TreeMap<>();
        for (ChecksUnderWay c : published) {
            if (!c.checks.isEmpty() && c.leaderAlive()) {
                byLeader.put(c.lane, c.checks);
            }
        }
        return byLeader;
    }

    /**
     * The batches the board's verdicts show under way: the lanes a live leader took and has not
     * decided yet ({@value BatchVerdict#TAKEN}), by leader.
     */
    static Map<String, List<String>> batches(List<BatchVerdict> verdicts) {
        List<BatchVerdict> taken = new ArrayList<>();
        for (BatchVerdict v : verdicts) {
            if (!v.isFinal() && v.leaderLane != null && v.leaderAlive()) {
                taken.add(v);
            }
        }
        taken.sort(Comparator.comparing((BatchVerdict v) -> v.lane));
        Map<String, List<String>> batches = new TreeMap<>();
        for (BatchVerdict v : taken) {
            batches.computeIfAbsent(v.leaderLane, leader -> new ArrayList<>(List.of(leader))).add(v.lane);
        }
        return batches;
    }

    /**
     * What to say of the lane's landing beyond its phase, e.g. {@code checking: 2 of 5 modules done (app tested)},
     * {@code batch of 3: a, b, c}, {@code checks: a on origin/main: passed; b on a: checking}.
     */
    List<String> of(String lane) {
        List<String> said = new ArrayList<>(3);
        String check = checks.get(lane);
        if (check != null) {
            said.add("checking: " + check);
        }
        List<String> members = batches.get(lane);
        if (members != null) {
            said.add("batch of " + members.size() + ": " + String.join(", ", members));
        }
        List<String> sideBySide = this.sideBySide.get(lane);
        if (sideBySide != null) {
            said.add("checks: " + String.join("; ", sideBySide));
        }
        return said;
    }
}

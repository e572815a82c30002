package dev.queuelock.land.watch;

import dev.queuelock.land.batch.BatchVerdict;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** How far the landings under way have come beyond their phase: a check's modules done, a running batch's members. */
final class UnderWay {

    static final UnderWay NONE = new UnderWay(Map.of(), Map.of());

    /** A check's progress by lane, as {@link CheckProgress} tells it. */
    final Map<String, String> checks;
    /** The batches under way by their leader's lane: every member, the leader first, then the lanes it took. */
    final Map<String, List<String>> batches;

    UnderWay(Map<String, String> checks, Map<String, List<String>> batches) {
        this.checks = checks;
        this.batches = batches;
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

    /** What to say of the lane's landing beyond its phase, e.g. {@code checking: 2 of 5 modules done (app tested)}, {@code batch of 3: a, b, c}. */
    List<String> of(String lane) {
        List<String> said = new ArrayList<>(2);
        String check = checks.get(lane);
        if (check != null) {
            said.add("checking: " + check);
        }
        List<String> members = batches.get(lane);
        if (members != null) {
            said.add("batch of " + members.size() + ": " + String.join(", ", members));
        }
        return said;
    }
}

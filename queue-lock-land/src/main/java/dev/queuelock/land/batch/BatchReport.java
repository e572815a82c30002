package dev.queuelock.land.batch;

import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.history.BatchRecord;
import dev.queuelock.land.history.LandRun;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The recent batches of the landing history as text: members and outcomes, check runs, bisection steps. */
public final class BatchReport {

    private final int batches;

    /** @param batches how many of the most recent batches to show */
    public BatchReport(int batches) {
        this.batches = batches;
    }

    public List<String> render(List<LandRun> runs) {
        Map<String, List<LandRun>> byBatch = new LinkedHashMap<>();
        for (LandRun run : runs) {
            if (run.batch != null && run.batch.id != null) {
                byBatch.computeIfAbsent(run.batch.id, id -> new ArrayList<>()).add(run);
            }
        }
        List<String> lines = new ArrayList<>();
        List<List<LandRun>> recent = new ArrayList<>(byBatch.values());
        for (List<LandRun> members : recent.subList(Math.max(0, recent.size() - batches), recent.size())) {
            BatchRecord batch = members.get(0).batch;
            long landed = members.stream().filter(r -> r.outcome() == Outcome.LANDED).count();
            lines.add("batch " + batch.id + " led by " + batch.leader + ": " + landed + " of " + batch.members.size()
                    + " lanes landed, " + batch.checkRuns + " check run(s)");
            StringBuilder outcomes = new StringBuilder("  ");
            for (LandRun run : members) {
                outcomes.append(outcomes.length() > 2 ? ", " : "").append(run.lane).append(' ').append(run.outcome().id());
            }
            lines.add(outcomes.toString());
            batch.steps.forEach(step -> lines.add("  - " + step));
        }
        return lines;
    }
}

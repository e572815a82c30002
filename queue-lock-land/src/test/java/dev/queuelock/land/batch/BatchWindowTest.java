package dev.queuelock.land.batch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.history.BatchRecord;
import dev.queuelock.land.history.LandRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The batch window from the landing history: halved by a failed batch, grown by one with each landing that passes. */
class BatchWindowTest {

    @Test
    void startsAtTheBoundWithNoHistory() {
        assertThat(BatchWindow.size(List.of(), 4)).isEqualTo(4);
    }

    @Test
    void aBisectedBatchHalvesItAndPassingLandingsGrowItBack() {
        List<LandRun> history = new ArrayList<>(batch("b1", 3, "landed", "landed", "check-failed"));
        assertThat(BatchWindow.size(history, 4)).as("one failed batch, counted once for its three members").isEqualTo(2);
        history.addAll(batch("b2", 2, "landed", "check-failed"));
        assertThat(BatchWindow.size(history, 4)).isEqualTo(1);
        history.add(solo("landed"));
        assertThat(BatchWindow.size(history, 4)).isEqualTo(2);
        history.addAll(batch("b3", 1, "landed", "landed"));
        assertThat(BatchWindow.size(history, 4)).isEqualTo(3);
        history.add(solo("check-failed"));
        assertThat(BatchWindow.size(history, 4)).as("a lane refused by its checks").isEqualTo(1);
        history.add(solo("rebase-conflict"));
        assertThat(BatchWindow.size(history, 4)).as("a conflict says nothing of the checks").isEqualTo(1);
        for (int i = 0; i < 5; i++) {
            history.add(solo("landed"));
        }
        assertThat(BatchWindow.size(history, 4)).as("never past the bound").isEqualTo(4);
    }

    private static List<LandRun> batch(String id, int checkRuns, String... outcomes) {
        BatchRecord record = new BatchRecord(id, "lane-0", List.of(), checkRuns, List.of());
        List<LandRun> runs = new ArrayList<>();
        for (int i = 0; i < outcomes.length; i++) {
            runs.add(new LandRun("2026-12-05T00:00:00Z", "lane-" + i, "lane/" + i, "c", Outcome.fromId(outcomes[i]), 1, Map.of(), 0, record));
        }
        return runs;
    }

    private static LandRun solo(String outcome) {
        return new LandRun("2026-12-05T00:00:00Z", "lane-9", "lane/9", "c", Outcome.fromId(outcome), 1, Map.of(), 0, null);
    }
}

package dev.queuelock.land.history;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.queuelock.land.base.Outcome;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LandStatsTest {

    @Test
    void theSpanStartsAtTheEarliestStartNotAtTheFirstRecordedRun() {
        // Recorded as they end: the first record started at 10 s, the second (a lander that had
        // waited, or a batch member recorded with its batch) at 0 s and ended at 60 s.
        List<LandRun> history = List.of(
                landed("2026-12-05T00:00:20Z", 10_000),
                landed("2026-12-05T00:01:00Z", 60_000));

        assertThat(new LandStats(history).landingsPerHour()).hasValueSatisfying(
                perHour -> assertThat(perHour).isCloseTo(120.0, within(0.01)));
    }

    @Test
    void landingsOneByOneAreCountedFromTheFirstStartToTheLastEnd() {
        List<LandRun> history = List.of(
                landed("2026-12-05T00:00:30Z", 30_000),
                landed("2026-12-05T00:01:30Z", 30_000));

        assertThat(new LandStats(history).landingsPerHour()).hasValueSatisfying(
                perHour -> assertThat(perHour).isCloseTo(80.0, within(0.01)));
    }

    private static LandRun landed(String end, long totalMs) {
        return new LandRun(end, "lane", "lane/1", "c", Outcome.LANDED, totalMs, Map.of(), 0, null);
    }
}

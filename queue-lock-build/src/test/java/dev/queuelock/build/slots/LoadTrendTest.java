package dev.queuelock.build.slots;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The portable path's trend: this process's own reading of the load 20 s or more before. */
class LoadTrendTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void comparesWithTheYoungestReadingAtLeastTwentySecondsOld() {
        LoadTrend trend = new LoadTrend();
        assertThat(trend.note(3.7, 0)).as("a fresh process has nothing to compare with").isNull();
        trend.note(3.5, 10 * SECOND);
        assertThat(trend.note(3.3, 15 * SECOND)).isNull();
        assertThat(trend.note(2.8, 31 * SECOND)).containsExactly(3.5, 21.0);
    }

    @Test
    void readingsOlderThanTwoMinutesDoNotCount() {
        LoadTrend trend = new LoadTrend();
        trend.note(3.7, 0);
        assertThat(trend.note(0.5, 121 * SECOND)).isNull();
    }

    @Test
    void anUnknownLoadIsNotKept() {
        LoadTrend trend = new LoadTrend();
        trend.note(-1, 0);
        assertThat(trend.note(1.0, 30 * SECOND)).isNull();
    }
}

package dev.queuelock.build.slots;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The tasks running now as {@code auto} counts them: the most seen at this process's readings of the last 10 s. */
class RecentRunningTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void aReadingThatMissesSteadyWorkDoesNotHideIt() {
        RecentRunning recent = new RecentRunning();
        assertThat(recent.most(2, 0)).isEqualTo(2); // a burner and a build of ours
        assertThat(recent.most(1, 2 * SECOND)).as("the build between two steps").isEqualTo(2);
        assertThat(recent.most(2, 4 * SECOND)).isEqualTo(2);
    }

    @Test
    void aBurstThatEndedIsGoneAfterTenSeconds() {
        RecentRunning recent = new RecentRunning();
        recent.most(4, 0);
        assertThat(recent.most(0, 9 * SECOND)).isEqualTo(4);
        assertThat(recent.most(0, 11 * SECOND)).isZero();
    }

    @Test
    void nothingReadStaysUnknown() {
        RecentRunning recent = new RecentRunning();
        recent.most(3, 0);
        assertThat(recent.most(-1, SECOND)).isEqualTo(-1);
    }
}

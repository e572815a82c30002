package dev.queuelock.build.slots;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.UsualHold;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The usual hold of a kind of work is the median of that kind's recorded holds, and of no other kind's. */
class UsualHoldsTest {

    private static final long T0 = 1_780_000_000_000L;

    @TempDir
    Path tmp;

    @Test
    void theMedianOfTheSameKindOnly() {
        Path file = tmp.resolve(UsageHistory.NAME);
        UsageHistory history = new UsageHistory(file);
        record(history, "verify", 6);
        record(history, "compile", 1);
        record(history, "verify", 8);
        record(history, "verify", 7);
        record(history, null, 30); // an older line, of no known kind

        UsualHolds usual = new UsualHolds(file);

        assertThat(usual.of("verify")).contains(Duration.ofMinutes(7));
        assertThat(usual.of("compile")).contains(Duration.ofMinutes(1));
        assertThat(usual.of("clean install")).isEmpty();
        assertThat(usual.of(null)).isEmpty();
    }

    @Test
    void aLandsChecksAreOneKindWhateverTheyCheck() {
        Path file = tmp.resolve(UsageHistory.NAME);
        record(new UsageHistory(file), UsualHolds.kind("land checks of batch 17"), 4);

        assertThat(new UsualHolds(file).of("land checks of app-lane-3")).contains(Duration.ofMinutes(4));
        assertThat(UsualHolds.kind("verify")).isEqualTo("verify");
    }

    @Test
    void farPastIsThreeTimesTheUsual() {
        assertThat(UsualHold.farPast(Duration.ofMinutes(20), Duration.ofMinutes(7))).isFalse();
        assertThat(UsualHold.farPast(Duration.ofMinutes(21), Duration.ofMinutes(7))).isTrue();
    }

    private static void record(UsageHistory history, String kind, int minutes) {
        history.record(BuildUsage.described(T0 + minutes * 1000L, Duration.ofMinutes(minutes), 1.0, 1L << 30).ofKind(kind));
    }

    /** What the lock's warning names: the kind (where a holder's output goes, its record says: {@code LockRecord#output()}). */
    @Test
    void theUsualHoldSaysItsKind(@org.junit.jupiter.api.io.TempDir Path dir) {
        Path file = dir.resolve("usage");
        record(new UsageHistory(file), "land checks of batch 17", 4);
        record(new UsageHistory(file), "verify", 7);
        UsualHolds usual = new UsualHolds(file);
        assertThat(usual.withKindOf("land checks of app-lane-3").orElseThrow().kind()).isEqualTo(UsualHolds.LAND_CHECKS);
        assertThat(usual.withKindOf("verify").orElseThrow().kind()).isEqualTo("verify");
    }
}

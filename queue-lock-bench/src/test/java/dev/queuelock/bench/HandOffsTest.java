package dev.queuelock.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The arithmetic behind the table: what counts as a hand-off, an overlap, an inversion. */
class HandOffsTest {

    private static final long MS = 1_000_000;

    @Test
    void aHandOffIsTheGapToTheNextHolderThatWasAlreadyWaiting() {
        HandOffs handOffs = HandOffs.of(List.of(
                new Acquisition(1, 0, 0, 10 * MS, 30 * MS),
                new Acquisition(2, 0, 5 * MS, 32 * MS, 52 * MS), // waited since 5: a 2 ms hand-off
                new Acquisition(1, 1, 60 * MS, 61 * MS, 81 * MS), // asked after 52: the lock was idle
                new Acquisition(1, 2, 70 * MS, 90 * MS, 95 * MS))); // same process again: no hand-off
        assertThat(handOffs.latenciesMs()).containsExactly(2.0);
        assertThat(handOffs.overlaps()).isZero();
    }

    @Test
    void anAcquireBeforeThePreviousReleaseIsAnOverlap() {
        HandOffs handOffs = HandOffs.of(List.of(
                new Acquisition(1, 0, 0, 10 * MS, 30 * MS),
                new Acquisition(2, 0, 0, 20 * MS, 40 * MS)));
        assertThat(handOffs.overlaps()).isEqualTo(1);
        assertThat(handOffs.latenciesMs()).isEmpty();
    }

    @Test
    void warmUpRoundsAreLeftOutButStillCheckedForOverlaps() {
        List<Acquisition> run = List.of(
                new Acquisition(1, 0, 0, 10 * MS, 30 * MS),
                new Acquisition(2, 0, 0, 31 * MS, 51 * MS),
                new Acquisition(1, 1, 40 * MS, 54 * MS, 74 * MS));
        assertThat(HandOffs.of(run, 1).latenciesMs()).containsExactly(3.0);
        assertThat(HandOffs.of(run, 0).latenciesMs()).containsExactly(1.0, 3.0);
    }

    @Test
    void inversionsCountPairsServedAgainstEnrollmentOrder() {
        List<Acquisition> served = List.of(
                new Acquisition(30, 0, 0, 1 * MS, 2 * MS),
                new Acquisition(10, 0, 0, 3 * MS, 4 * MS),
                new Acquisition(20, 0, 0, 5 * MS, 6 * MS));
        assertThat(HandOffs.inversions(List.of(10L, 20L, 30L), served)).isEqualTo(2);
        assertThat(HandOffs.inversions(List.of(30L, 10L, 20L), served)).isZero();
    }

    @Test
    void percentilesAreNearestRank() {
        Stats stats = Stats.of(List.of(5.0, 1.0, 4.0, 2.0, 3.0, 6.0, 7.0, 8.0, 9.0, 10.0));
        assertThat(stats.p50()).isEqualTo(5.0);
        assertThat(stats.p90()).isEqualTo(9.0);
        assertThat(stats.p99()).isEqualTo(10.0);
        assertThat(Stats.of(List.of()).isEmpty()).isTrue();
    }
}

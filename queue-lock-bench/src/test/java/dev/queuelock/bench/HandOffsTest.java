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
    void withTwoSlotsAFreedSlotIsHandedToTheWaiterThatFoundBothBusy() {
        HandOffs handOffs = HandOffs.of(List.of(
                new Acquisition(1, 0, 0, 0, 30 * MS),
                new Acquisition(2, 0, 0, 1 * MS, 50 * MS),
                new Acquisition(3, 0, 2 * MS, 33 * MS, 60 * MS), // both busy at 30: a 3 ms hand-off
                new Acquisition(4, 0, 2 * MS, 52 * MS, 70 * MS), // both busy at 50: 2 ms
                new Acquisition(1, 1, 31 * MS, 64 * MS, 80 * MS), // asked after 30, both busy at 60: 4 ms
                new Acquisition(2, 1, 75 * MS, 76 * MS, 90 * MS)), // a slot free since 70: no hand-off
                0, 2);
        assertThat(handOffs.latenciesMs()).containsExactly(3.0, 2.0, 4.0);
        assertThat(handOffs.overlaps()).as("two at once is what two slots are for").isZero();
    }

    @Test
    void aReleaseWhileASlotIsFreeLeavesTheEarlierFreedSlotTheOneHandedOn() {
        HandOffs handOffs = HandOffs.of(List.of(
                new Acquisition(1, 0, 0, 0, 30 * MS),
                new Acquisition(2, 0, 0, 1 * MS, 31 * MS), // one slot free already: hands nothing on
                new Acquisition(3, 0, 2 * MS, 35 * MS, 60 * MS), // freed at 30: 5 ms
                new Acquisition(4, 0, 2 * MS, 36 * MS, 70 * MS)), // nothing full was freed for it
                0, 2);
        assertThat(handOffs.latenciesMs()).containsExactly(5.0);
    }

    @Test
    void moreHoldersThanSlotsAreOverlaps() {
        List<Acquisition> three = List.of(
                new Acquisition(1, 0, 0, 0, 30 * MS),
                new Acquisition(2, 0, 0, 1 * MS, 30 * MS),
                new Acquisition(3, 0, 0, 2 * MS, 30 * MS));
        assertThat(HandOffs.of(three, 0, 2).overlaps()).isEqualTo(1);
        assertThat(HandOffs.of(three, 0, 3).overlaps()).isZero();
        assertThat(HandOffs.of(three, 0, 1).overlaps()).isEqualTo(2);
    }

    @Test
    void aHoldNeverReleasedOverlapsEveryLaterOneOnASingleSlot() {
        HandOffs handOffs = HandOffs.of(List.of(
                new Acquisition(1, 0, 0, 0, -1),
                new Acquisition(2, 0, 0, 10 * MS, 20 * MS)));
        assertThat(handOffs.overlaps()).isEqualTo(1);
        assertThat(handOffs.latenciesMs()).isEmpty();
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
        assertThat(stats.min()).isEqualTo(1.0);
        assertThat(stats.p50()).isEqualTo(5.0);
        assertThat(stats.p90()).isEqualTo(9.0);
        assertThat(stats.p99()).isEqualTo(10.0);
        assertThat(Stats.of(List.of()).isEmpty()).isTrue();
    }
}

package dev.queuelock.land.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SpeculationPlanTest {

    @Test
    void laneByLaneChecksTheFirstPrefixesOnePerSlot() {
        assertThat(new SpeculationPlan(3, true).next(3, -1, 3)).containsExactly(0, 1, 2);
        assertThat(new SpeculationPlan(2, true).next(4, -1, 4)).containsExactly(0, 1);
        assertThat(new SpeculationPlan(2, true).next(4, 1, 4)).containsExactly(2, 3);
    }

    @Test
    void oneSlotLaneByLaneIsToday() {
        assertThat(new SpeculationPlan(1, true).next(3, -1, 3)).containsExactly(0);
        assertThat(new SpeculationPlan(1, true).next(3, 0, 3)).containsExactly(1);
    }

    @Test
    void aBatchChecksItsTopFirstWithPrefixesSpreadBelow() {
        assertThat(new SpeculationPlan(1, false).next(4, -1, 4)).containsExactly(3);
        assertThat(new SpeculationPlan(2, false).next(4, -1, 4)).containsExactly(1, 3);
        assertThat(new SpeculationPlan(4, false).next(4, -1, 4)).containsExactly(0, 1, 2, 3);
    }

    @Test
    void aFailedBatchOfFourIsNarrowedByChecksThatRunTogether() {
        // the whole batch failed: with 3 slots the three prefixes below it are checked at once
        assertThat(new SpeculationPlan(3, false).next(4, -1, 3)).containsExactly(0, 1, 2);
        // with one slot it is the bisection of today: the middle
        assertThat(new SpeculationPlan(1, false).next(4, -1, 3)).containsExactly(1);
        assertThat(new SpeculationPlan(2, false).next(8, -1, 7)).containsExactly(1, 4);
    }

    @Test
    void nothingIsCheckedOnceDecided() {
        assertThat(new SpeculationPlan(3, true).next(3, 2, 3)).isEmpty();
        assertThat(new SpeculationPlan(3, false).next(3, 0, 1)).isEmpty();
        assertThat(SpeculationPlan.decided(3, 2, 3)).isTrue();
        assertThat(SpeculationPlan.decided(3, -1, 0)).isTrue();
        assertThat(SpeculationPlan.decided(3, -1, 2)).isFalse();
    }

    @Test
    void aFailureDropsTheChecksBehindIt() {
        assertThat(SpeculationPlan.droppedBy(List.of(0, 1, 2), 0)).containsExactly(1, 2);
        assertThat(SpeculationPlan.droppedBy(List.of(0, 1, 2), 2)).isEmpty();
    }
}

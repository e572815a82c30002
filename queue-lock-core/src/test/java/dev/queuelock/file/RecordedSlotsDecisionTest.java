package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which record a status not given the slots setting takes the build queue's slots from. */
class RecordedSlotsDecisionTest {

    private final LockRecord holderToldTwo = new LockRecord(11, "a", null, 1_000, "s11").withSlots(2, false);
    private final LockRecord waiterToldDefault = new LockRecord(22, "b", null, 2_000, "s22");
    private final LockRecord npmWaiter = new LockRecord(33, "c", null, 3_000, null);

    @Test
    void aNewerBuildToldTheDefaultOneSlotOutranksAnOlderOneToldTwo() {
        QueueSnapshot look = new QueueSnapshot(Path.of("q"), List.of(holderToldTwo), List.of(waiterToldDefault));

        QueueSnapshot status = FileBackend.asRecorded(look).orElseThrow();

        assertThat(status.slots()).isEqualTo(1);
        assertThat(status.slotsDecision()).isEqualTo("1 (fixed, as lane b's waiter was told)");
    }

    @Test
    void theNpmToolsRecordsSayNothingOfSlots() {
        QueueSnapshot look = new QueueSnapshot(Path.of("q"), List.of(holderToldTwo), List.of(npmWaiter));

        QueueSnapshot status = FileBackend.asRecorded(look).orElseThrow();

        assertThat(status.slots()).isEqualTo(2);
        assertThat(status.slotsDecision()).isEqualTo("2 (fixed, as lane a's holder was told)");
    }

    @Test
    void aQueueWhoseBuildsWereAllToldOneSlotIsDecidedAsBefore() {
        QueueSnapshot look = new QueueSnapshot(Path.of("q"), List.of(waiterToldDefault), List.of(npmWaiter));

        assertThat(FileBackend.asRecorded(look)).isEmpty();
    }
}

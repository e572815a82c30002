package dev.queuelock.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import org.junit.jupiter.api.Test;

/** How the CLI's status names a waiter: for one of high priority, how long it really waited, and that it has priority. */
class RecordFormatTest {

    @Test
    void aWaiterOfHighPriorityHasWaitedSinceItEnrolledNotSinceThePlaceItWasGiven() {
        LockRecord high = new LockRecord(22, "wt-d", null, 40_000, null).withHighPriority(95_000);

        assertThat(RecordFormat.waiter(high, 100_000)).isEqualTo("lane wt-d, pid 22, waiting for 5s, priority high");
        assertThat(RecordFormat.waiter(new LockRecord(33, "wt-b", null, 90_000, null), 100_000)).isEqualTo("lane wt-b, pid 33, waiting for 10s");
    }
}

package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.testsupport.PlantedQueue;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The hint a CLI reads before joining the line: busy while anyone holds or waits. */
class LooksBusyTest {

    @TempDir
    java.nio.file.Path tmp;

    @Test
    @Timeout(60)
    void busyWhileHeldOrWaitedFor() throws Exception {
        PlantedQueue queue = PlantedQueue.in(tmp);
        try (QueueLock holder = queue.open(); QueueLock other = queue.open()) {
            assertThat(other.looksBusy()).as("no queue directory yet").isFalse();
            holder.acquire(AcquireOptions.defaults());
            assertThat(other.looksBusy()).as("held").isTrue();
            holder.release();
            assertThat(other.looksBusy()).as("free again").isFalse();

            Files.createFile(queue.directory().ticketsDir().resolve("1-1")); // a waiter, e.g. the npm tool's
            assertThat(other.looksBusy()).as("waited for").isTrue();
        }
    }
}

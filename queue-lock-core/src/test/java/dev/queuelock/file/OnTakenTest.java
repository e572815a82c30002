package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.testsupport.PlantedQueue;
import java.io.File;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The holder's first step runs at the take, before the ticket goes (whose going wakes the next waiter). */
class OnTakenTest {

    @TempDir
    java.nio.file.Path tmp;

    @Test
    @Timeout(60)
    void runsHoldingWhileTheTicketIsStillThere() throws Exception {
        PlantedQueue queue = PlantedQueue.in(tmp);
        File tickets = queue.directory().ticketsDir().toFile();
        AtomicReference<String> seen = new AtomicReference<>();
        try (QueueLock lock = queue.open()) {
            lock.acquire(AcquireOptions.defaults().withOnTaken(
                    () -> seen.set("held=" + lock.isHeld() + " tickets=" + tickets.list().length)));

            assertThat(seen).hasValue("held=true tickets=1");
            assertThat(tickets.list()).as("withdrawn after it").isEmpty();
        }
    }

    @Test
    @Timeout(60)
    void aFailingFirstStepReleasesTheLock() throws Exception {
        PlantedQueue queue = PlantedQueue.in(tmp);
        try (QueueLock lock = queue.open()) {
            assertThatThrownBy(() -> lock.acquire(AcquireOptions.defaults().withOnTaken(() -> {
                throw new IllegalStateException("boom");
            }))).hasMessage("boom");

            assertThat(lock.isHeld()).isFalse();
            assertThat(queue.directory().lockFile()).doesNotExist();
            assertThat(queue.directory().ticketsDir().toFile().list()).isEmpty();
        }
    }
}

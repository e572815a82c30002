package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.WaitEvent;
import dev.queuelock.testsupport.BackgroundAcquire;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.PlantedQueue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The moment between a holder taking the lock and withdrawing its ticket, frozen on disk: a lock
 * file and a ticket of the same live process. Status and wait lines must not show it waiting
 * behind itself, as a user once saw: "holder: lane-a, pid 9571 ... waiting: 1. lane-a, pid 9571".
 */
class SnapshotRaceTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    private PlantedQueue queue;
    private ChildProcess holder;
    private ChildProcess waiter;
    private long takenAt;

    @BeforeEach
    void plantAHolderCaughtBeforeWithdrawingItsTicket() throws Exception {
        queue = PlantedQueue.in(tmp);
        holder = children.sleeper(tmp.resolve("holder.log"));
        waiter = children.sleeper(tmp.resolve("waiter.log"));
        Files.createDirectories(queue.directory().ticketsDir());
        takenAt = System.currentTimeMillis();
        long enrolledAt = takenAt - 136;
        plant(queue.directory().lockFile(), holder.pid(), takenAt);
        plant(queue.directory().ticketsDir().resolve(enrolledAt + "-" + holder.pid()), holder.pid(), enrolledAt);
        plant(queue.directory().ticketsDir().resolve((enrolledAt + 1) + "-" + waiter.pid()), waiter.pid(), enrolledAt + 1);
    }

    @Test
    @Timeout(60)
    void snapshotNeverShowsTheHolderAmongTheWaiters() {
        QueueSnapshot snapshot = queue.snapshot();

        assertThat(snapshot.holders().stream().findFirst()).get().extracting(LockRecord::pid).isEqualTo(holder.pid());
        assertThat(snapshot.waiters()).extracting(LockRecord::pid).containsExactly(waiter.pid());
    }

    @Test
    @Timeout(60)
    void aWaiterIsNotToldTheHolderIsAheadOfItTwice() throws Exception {
        try (BackgroundAcquire acquire = BackgroundAcquire.start(queue.open())) {
            await().atMost(Duration.ofSeconds(30)).until(() -> !acquire.events().isEmpty());
            WaitEvent told = acquire.events().get(0);
            assertThat(told.holders().stream().findFirst()).get().extracting(LockRecord::pid).isEqualTo(holder.pid());
            assertThat(told.ahead()).as("only the real waiter is ahead").isEqualTo(1);
            assertThat(queue.snapshot().waiters()).extracting(LockRecord::pid)
                    .containsExactly(waiter.pid(), ProcessHandle.current().pid());
        }
    }

    @Test
    @Timeout(60)
    void aLaterTicketOfTheHoldersProcessIsStillAWaiter() throws Exception {
        // Enrolled after the lock was taken: the same process waiting again, not a leftover.
        plant(queue.directory().ticketsDir().resolve((takenAt + 5) + "-" + holder.pid()), holder.pid(), takenAt + 5);

        assertThat(queue.snapshot().waiters()).extracting(LockRecord::ts).containsExactly(takenAt - 135, takenAt + 5);
    }

    private static void plant(Path file, long pid, long ts) {
        PlantedQueue.plant(file, pid, ts, "lane-a");
    }
}

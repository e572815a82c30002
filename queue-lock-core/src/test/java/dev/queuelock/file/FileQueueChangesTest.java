package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.spi.Queue;
import dev.queuelock.spi.QueueChanges;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file queue's changes, as the watch hears them from its backend: a queue whose directory is not
 * there yet (an idle queue is removed) is waited for without being made, and a take and a release
 * in it are each told.
 */
class FileQueueChangesTest {

    /** Far more than a take's events take to arrive: a listener that missed one sleeps through it. */
    private static final long WAKE_SECONDS = 20;

    @TempDir
    Path tmp;

    @Test
    @Timeout(120)
    void aTakeAndAReleaseInAQueueNotYetMadeAreTold() throws Exception {
        QueueLockFactory factory = QueueLockFactory.defaults().withTmpDir(tmp);
        Queue land = factory.queue(Queue.LAND, "changes/repo");
        Semaphore told = new Semaphore(0);
        try (QueueChanges changes = factory.changes(land, told::release)) {
            assertThat(land.directory()).as("listening makes nothing").doesNotExist();

            QueueLock lock = factory.open(land, "lane-a");
            lock.acquire(AcquireOptions.defaults());
            assertThat(told.tryAcquire(WAKE_SECONDS, TimeUnit.SECONDS)).as("the take").isTrue();
            assertThat(Files.isDirectory(land.directory())).isTrue();

            told.drainPermits();
            lock.release();
            assertThat(told.tryAcquire(WAKE_SECONDS, TimeUnit.SECONDS)).as("the release").isTrue();
        }
    }
}

package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.testsupport.BackgroundAcquire;
import dev.queuelock.testsupport.PlantedQueue;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Every Maven session acquires the build lock: when nobody is ahead, that costs no thread and no watch. */
class UncontendedAcquireTest {

    private static final String WATCH_THREAD = "queue-lock file events";

    @TempDir
    Path tmp;

    @Test
    @Timeout(120)
    void aFreeLockIsTakenWithoutStartingAWatchAndAQueuedWaiterWatches() throws Exception {
        PlantedQueue queue = PlantedQueue.in(tmp);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long fewestStarted = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) { // the JVM may start a thread of its own now and then: take the quietest try
            try (QueueLock alone = queue.open()) {
                long before = threads.getTotalStartedThreadCount();
                alone.acquire(AcquireOptions.defaults().withLabel("alone"));
                fewestStarted = Math.min(fewestStarted, threads.getTotalStartedThreadCount() - before);
                assertThat(alone.isHeld()).isTrue();
            }
        }
        assertThat(fewestStarted).as("threads started by an uncontended acquire").isZero();

        try (QueueLock first = queue.open()) {
            first.acquire(AcquireOptions.defaults().withLabel("first"));

            try (BackgroundAcquire second = BackgroundAcquire.start(queue.open())) {
                await().atMost(Duration.ofSeconds(60)).until(() -> !second.events().isEmpty());
                assertThat(watchThreads()).as("a waiter sleeps on file events").isEqualTo(1);
                first.release();
                assertThat(second.finishedWithin(Duration.ofSeconds(60))).isTrue();
                assertThat(second.failure()).isNull();
            }
        }
        await().atMost(Duration.ofSeconds(60)).until(() -> watchThreads() == 0);
    }

    private static long watchThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && WATCH_THREAD.equals(t.getName())).count();
    }
}

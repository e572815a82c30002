package dev.queuelock;

import dev.queuelock.backends.QueueLockFactory;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Two locks of one JVM on one queue: the second waits, is told who holds, and gets it on release. */
class InProcessLockTest {

    @TempDir
    Path tmp;

    @Test
    @Timeout(30)
    void secondLockWaitsForTheFirstAndIsToldWhoHolds() throws Exception {
        QueueLockFactory factory = QueueLockFactory.defaults().withTmpDir(tmp);
        Path repo = Files.createDirectory(tmp.resolve("lane-a"));
        List<WaitEvent> events = new CopyOnWriteArrayList<>();
        CountDownLatch secondHolds = new CountDownLatch(1);

        try (QueueLock first = factory.open("build", repo)) {
            first.acquire(AcquireOptions.defaults().withLabel("verify"));
            assertThat(first.isHeld()).isTrue();
            assertThat(first.lane()).isEqualTo("lane-a");

            Thread waiter = new Thread(() -> {
                try (QueueLock second = factory.open("build", repo)) {
                    second.acquire(AcquireOptions.defaults().withListener(events::add));
                    secondHolds.countDown();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            waiter.start();
            // Its first wait event says it is queued; a fixed sleep could end before it under load.
            await().atMost(Duration.ofSeconds(60)).until(() -> !events.isEmpty());
            assertThat(secondHolds.getCount()).isEqualTo(1);
            assertThat(events).hasSize(1);
            assertThat(events.get(0).ahead()).isZero();
            assertThat(events.get(0).holders().stream().findFirst()).get().extracting(LockRecord::label)
                    .isEqualTo(java.util.Optional.of("verify"));
            first.release();
            assertThat(secondHolds.await(10, TimeUnit.SECONDS)).isTrue();
            waiter.join();
        }
        QueueSnapshot after = factory.snapshot("build", repo);
        assertThat(after.holders().stream().findFirst()).isEmpty();
        assertThat(after.waiters()).isEmpty();
    }
}

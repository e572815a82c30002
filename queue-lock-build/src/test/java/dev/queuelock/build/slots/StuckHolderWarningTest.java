package dev.queuelock.build.slots;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.WaitEvent;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.LockWorkers;
import dev.queuelock.testsupport.LockWorkersTestSupport;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A hold far past this queue's usual hold of its kind is warned of every interval, counted from the
 * holder's own ts, and never broken.
 */
class StuckHolderWarningTest extends LockWorkersTestSupport {

    private static final long INTERVAL_MS = 300;

    @Test
    @Timeout(120)
    void warnsRepeatedlyAboutALiveHolderAndNeverReleasesIt() throws Exception {
        LockWorkers workers = workersOnNewRepo();
        Path repo = workers.repoDir();
        // This queue's slow-build holds usually take 50 ms: a hold of a second is far past that.
        UsageHistory history = new UsageHistory(QueueLockFactory.defaults().withTmpDir(tmp).queue("build", repo).usageHistory());
        for (int i = 0; i < 3; i++) {
            history.record(BuildUsage.described(System.currentTimeMillis() - 60_000 + i, Duration.ofMillis(50), 1.0, 1L << 30)
                    .ofKind("slow-build"));
        }
        ChildProcess holder = workers.startHolder("slow-build");
        Thread.sleep(1000); // the waiter joins late: its warnings must still count from the holder's ts

        List<WaitEvent> events = new CopyOnWriteArrayList<>();
        QueueLock waiter = BuildPolicy.on(QueueLockFactory.defaults().withTmpDir(tmp)).open("build", repo);
        Thread waiting = new Thread(() -> {
            try {
                waiter.acquire(AcquireOptions.defaults().withStuckWarnInterval(Duration.ofMillis(INTERVAL_MS))
                        .withListener(events::add));
            } catch (InterruptedException e) {
                // the test stops waiting this way
            }
        });
        try {
            waiting.start();
            await().atMost(LockWorkers.PATIENCE).until(() -> stuckWarnings(events).size() >= 5);

            WaitEvent first = events.get(0);
            assertThat(first.holders().stream().findFirst()).get().extracting(LockRecord::pid).isEqualTo(holder.pid());
            assertThat(first.holderElapsed()).as("measured from the holder's ts, not from when the waiter came")
                    .isGreaterThanOrEqualTo(Duration.ofMillis(900));
            assertThat(first.isStuckHolderWarning()).isTrue();

            List<Long> intervals = stuckWarnings(events).stream()
                    .map(e -> e.holderElapsed().toMillis() / INTERVAL_MS).collect(Collectors.toList());
            assertThat(intervals).as("one warning per interval crossed, never twice for one").doesNotHaveDuplicates()
                    .isSorted();
            for (WaitEvent warning : stuckWarnings(events)) {
                assertThat(warning.holders().stream().findFirst()).get().extracting(LockRecord::pid).isEqualTo(holder.pid());
                assertThat(warning.holderElapsed().toMillis()).isGreaterThanOrEqualTo(INTERVAL_MS);
            }
            assertThat(intervals).as("several intervals crossed while waiting").hasSizeGreaterThanOrEqualTo(5);

            assertThat(holder.isAlive()).isTrue();
            assertThat(waiter.isHeld()).isFalse();
            assertThat(workers.events("released", holder)).isEmpty();
            assertThat(QueueLockFactory.defaults().withTmpDir(tmp).snapshot("build", repo).holders().stream().findFirst())
                    .get().extracting(LockRecord::pid).isEqualTo(holder.pid());
        } finally {
            waiting.interrupt();
            waiting.join(10_000);
            waiter.release();
        }
        assertThat(QueueLockFactory.defaults().withTmpDir(tmp).snapshot("build", repo).waiters())
                .as("an interrupted waiter leaves the queue").isEmpty();
    }

    private static List<WaitEvent> stuckWarnings(List<WaitEvent> events) {
        return events.stream().filter(WaitEvent::isStuckHolderWarning).collect(Collectors.toList());
    }
}

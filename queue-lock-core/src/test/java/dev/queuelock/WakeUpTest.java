package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.LockWorkers;
import dev.queuelock.testsupport.LockWorkersTestSupport;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Waiters wake on file events: with a 5 s fallback poll, a clean hand-off still arrives well
 * before the next poll; a holder killed by SIGKILL makes no file event, and is found when the
 * kernel drops its OS lock (without any poll: KernelWakeUpTest).
 */
class WakeUpTest extends LockWorkersTestSupport {

    private static final long POLL_MS = 5000;

    @Test
    @Timeout(120)
    void cleanHandOffWakesTheWaiterBeforeItsPoll() throws Exception {
        LockWorkers workers = workersOnNewRepo();
        ChildProcess holder = workers.startHolder("holder", "pollMs=" + POLL_MS);
        ChildProcess waiter = workers.startWaiter("waiter", 10, "pollMs=" + POLL_MS);
        long enrolledAt = workers.events("enrolled", waiter).get(0).ms();
        // The waiter goes to sleep in its 5 s poll behind the holder.
        await("the waiter to keep waiting").during(Duration.ofMillis(300)).atMost(Duration.ofSeconds(5))
                .until(() -> workers.events("acquired", waiter).isEmpty());

        holder.sigterm(); // releases cleanly from its shutdown hook: the lock file is deleted
        assertThat(waiter.awaitExit(Duration.ofSeconds(60))).as(waiter.output()).isZero();

        long releasedAt = workers.events("released", holder).get(0).ms();
        long acquiredAt = workers.events("acquired", waiter).get(0).ms();
        // Only a file event can wake it this early: its poll would not come before enrolledAt + 5 s.
        assertThat(acquiredAt - releasedAt).as("hand-off ms").isLessThan(2500);
        assertThat(acquiredAt - enrolledAt).as("acquired before the first fallback poll").isLessThan(POLL_MS);
    }

    @Test
    @Timeout(120)
    void killedHolderIsNoticedByTheFallbackPoll() throws Exception {
        LockWorkers workers = workersOnNewRepo();
        ChildProcess holder = workers.startHolder("holder");
        ChildProcess waiter = workers.startWaiter("waiter", 10, "pollMs=1000");

        holder.kill9(); // no hook, no file event: the lock file stays until a waiter looks
        assertThat(waiter.awaitExit(Duration.ofSeconds(60))).as(waiter.output()).isZero();
        assertThat(workers.events("acquired", waiter)).hasSize(1);
    }
}

package dev.queuelock.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.AcquireOptions;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The lifecycle every backend shares, on a backend that only records what it is asked to do. */
class QueueLockSupportTest {

    /** Takes at once, or, while {@link #block} is closed, waits until woken. */
    private static final class Recording extends QueueLockSupport {
        final List<String> calls = Collections.synchronizedList(new ArrayList<>());
        final CountDownLatch waiting = new CountDownLatch(1);
        final Object sleep = new Object();
        volatile boolean block;
        volatile boolean takeAfterWake;

        Recording() {
            super("test queue");
        }

        @Override
        protected void doAcquire(AcquireOptions options) throws InterruptedException {
            calls.add("acquire");
            synchronized (sleep) {
                while (block) {
                    checkWaiting();
                    waiting.countDown();
                    sleep.wait();
                    if (takeAfterWake) {
                        calls.add("took late");
                        return; // a take that raced with the release
                    }
                }
            }
        }

        @Override
        protected void doRelease() {
            calls.add("release");
        }

        @Override
        protected void wakeWaiter() {
            synchronized (sleep) {
                sleep.notifyAll();
            }
        }

        @Override
        protected void afterTake() {
            calls.add("after take");
        }

        @Override
        public String lane() {
            return "lane";
        }
    }

    private static final AcquireOptions NO_HOOK = AcquireOptions.defaults().withReleaseAtExit(false);

    @Test
    void aSecondAcquireOfOneInstanceFailsAndLeavesTheHoldAlone() throws Exception {
        Recording lock = new Recording();
        lock.acquire(NO_HOOK);

        assertThatThrownBy(() -> lock.acquire(NO_HOOK)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("test queue");

        assertThat(lock.isHeld()).isTrue();
        lock.release();
        assertThat(lock.isHeld()).isFalse();
        lock.acquire(NO_HOOK); // released: free to take again
        assertThat(lock.isHeld()).isTrue();
    }

    @Test
    void theOnTakenActionRunsBeforeTheBackendsTidyingAndAFailingOneReleases() throws Exception {
        Recording lock = new Recording();
        lock.acquire(NO_HOOK.withOnTaken(() -> lock.calls.add("on taken")));
        assertThat(lock.calls).containsExactly("acquire", "on taken", "after take");
        lock.release();

        lock.calls.clear();
        AcquireOptions failing = NO_HOOK.withOnTaken(() -> {
            throw new IllegalStateException("boom");
        });
        assertThatThrownBy(() -> lock.acquire(failing)).hasMessage("boom");
        assertThat(lock.isHeld()).isFalse();
        assertThat(lock.calls).containsExactly("acquire", "release");
    }

    @Test
    @Timeout(30)
    void releaseDuringTheWaitEndsItWithInterruptedException() throws Exception {
        Recording lock = new Recording();
        lock.block = true;
        Throwable outcome = releasedWhileWaiting(lock);

        assertThat(outcome).isInstanceOf(InterruptedException.class).hasMessageContaining("released");
        assertThat(lock.isHeld()).isFalse();
        lock.block = false;
        lock.acquire(NO_HOOK); // the instance is usable again
        assertThat(lock.isHeld()).isTrue();
    }

    @Test
    @Timeout(30)
    void aTakeThatRacedWithTheReleaseIsGivenBack() throws Exception {
        Recording lock = new Recording();
        lock.block = true;
        lock.takeAfterWake = true;
        Throwable outcome = releasedWhileWaiting(lock);

        assertThat(outcome).isInstanceOf(InterruptedException.class);
        assertThat(lock.isHeld()).isFalse();
        assertThat(lock.calls).containsSubsequence("took late", "release").doesNotContain("after take");
    }

    @Test
    void anInterruptedWaiterLeavesTheQueue() {
        Recording lock = new Recording();
        lock.block = true;
        Thread.currentThread().interrupt();
        lock.wakeWaiter(); // nothing sleeps yet: the wait begins interrupted

        assertThatThrownBy(() -> lock.acquire(NO_HOOK)).isInstanceOf(InterruptedException.class)
                .hasMessageContaining("interrupted");
        assertThat(lock.calls).endsWith("release");
    }

    /** Acquires on another thread, releases once it waits, and returns what its acquire threw. */
    private static Throwable releasedWhileWaiting(Recording lock) throws InterruptedException {
        AtomicReference<Throwable> outcome = new AtomicReference<>();
        Thread waiter = new Thread(() -> {
            try {
                lock.acquire(NO_HOOK);
            } catch (Throwable t) {
                outcome.set(t);
            }
        });
        waiter.start();
        assertThat(lock.waiting.await(20, TimeUnit.SECONDS)).isTrue();
        lock.release();
        waiter.join();
        return outcome.get();
    }
}

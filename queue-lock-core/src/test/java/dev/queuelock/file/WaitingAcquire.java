package dev.queuelock.file;

import dev.queuelock.AcquireOptions;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** A lock's acquire on a thread of its own, for tests that need to know once it waits, then whether it took. */
final class WaitingAcquire implements AutoCloseable {

    private final Thread thread;
    private final CountDownLatch waiting = new CountDownLatch(1);

    private WaitingAcquire(FileQueueLock lock, String label) {
        thread = new Thread(() -> {
            try {
                lock.acquire(AcquireOptions.defaults().withLabel(label).withReleaseAtExit(false)
                        .withListener(event -> waiting.countDown()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    /** Starts {@code lock}'s acquire as {@code label}. */
    static WaitingAcquire start(FileQueueLock lock, String label) {
        WaitingAcquire acquire = new WaitingAcquire(lock, label);
        acquire.thread.start();
        return acquire;
    }

    /** Whether it reported a wait within {@code patience}. */
    boolean waits(Duration patience) throws InterruptedException {
        return waiting.await(patience.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Waits up to {@code patience} for the acquire to return. */
    void join(Duration patience) throws InterruptedException {
        thread.join(patience.toMillis());
    }

    @Override
    public void close() throws InterruptedException {
        thread.interrupt();
        thread.join();
    }
}

package dev.queuelock.testsupport;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.WaitEvent;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * An in-process {@code acquire} on its own thread, recording what it is told, so a test can watch
 * a wait and stop it. {@link #close()} interrupts a wait and releases a held lock.
 */
public final class BackgroundAcquire implements AutoCloseable {

    private final QueueLock lock;
    private final List<WaitEvent> events = new CopyOnWriteArrayList<>();
    private final CountDownLatch done = new CountDownLatch(1);
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Thread thread;

    public BackgroundAcquire(QueueLock lock, AcquireOptions options) {
        this.lock = lock;
        AcquireOptions recording = options.withListener(event -> {
            events.add(event);
            options.listener().onWait(event);
        });
        this.thread = new Thread(() -> {
            try {
                lock.acquire(recording);
            } catch (Throwable t) {
                failure.set(t);
            } finally {
                done.countDown();
            }
        }, "background acquire");
        thread.setDaemon(true);
        thread.start();
    }

    public static BackgroundAcquire start(QueueLock lock) {
        return new BackgroundAcquire(lock, AcquireOptions.defaults());
    }

    public List<WaitEvent> events() {
        return events;
    }

    /** True once acquire returned or threw within the timeout. */
    public boolean finishedWithin(Duration timeout) throws InterruptedException {
        return done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** What acquire threw, if it threw. */
    public Throwable failure() {
        return failure.get();
    }

    public QueueLock lock() {
        return lock;
    }

    @Override
    public void close() throws InterruptedException {
        thread.interrupt();
        thread.join(10_000);
        lock.release();
    }
}

package dev.queuelock.zookeeper;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.spi.WaitReporter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;

/**
 * Tells the wait listener where a waiter stands while Curator's {@code LockInternals} waits for
 * its predecessor: on its own thread, at once when the recipe looked at the line and stays waiting,
 * and again at least every {@link #REFRESH_MILLIS} and when a stuck-holder warning falls due (the
 * recipe watches only its predecessor, so a holder further ahead leaving does not wake it).
 * Nothing is told once {@link #close()} returned.
 */
final class PositionReporter implements AutoCloseable {

    /** How often positions further ahead than the predecessor are read again. */
    static final long REFRESH_MILLIS = 1000;

    private final CuratorFramework client;
    private final InterProcessMutex mutex;
    private final TicketDriver driver;
    private final WaitReporter reporter;
    private final ScheduledExecutorService timer;
    /** Guarded by this; the next scheduled look, replaced by each look. */
    private ScheduledFuture<?> next;
    private boolean closed;

    PositionReporter(CuratorFramework client, InterProcessMutex mutex, TicketDriver driver, AcquireOptions options,
            String queuePath) {
        this.client = client;
        this.mutex = mutex;
        this.driver = driver;
        this.reporter = new WaitReporter(options);
        this.timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "queue-lock wait on " + queuePath);
            thread.setDaemon(true);
            return thread;
        });
        driver.whenWaiting(this::lookNow);
    }

    private void lookNow() {
        try {
            timer.execute(this::look);
        } catch (RejectedExecutionException closing) {
            // the wait is over
        }
    }

    private void look() {
        long delay = REFRESH_MILLIS;
        try {
            List<String> line = new ArrayList<>(mutex.getParticipantNodes());
            int index = line.indexOf(driver.node());
            if (index > 0) {
                ParticipantNode first = Participants.first(client, line);
                delay = report(index - 1, first, System.currentTimeMillis());
            }
        } catch (Exception e) {
            // The recipe's own calls fail the acquire if ZooKeeper is gone; a report is only late.
        }
        schedule(delay);
    }

    /** Returns the milliseconds until the next look. */
    private synchronized long report(int ahead, ParticipantNode first, long now) {
        if (closed) {
            return REFRESH_MILLIS;
        }
        LockRecord holder = first == null ? null : first.asHolder(now);
        reporter.report(ahead, first == null ? null : first.name, holder == null ? List.of() : List.of(holder),
                holder == null ? now : holder.ts(), now);
        return Math.min(REFRESH_MILLIS, reporter.millisUntilNextWarning(now));
    }

    private synchronized void schedule(long delayMillis) {
        if (closed) {
            return;
        }
        if (next != null) {
            next.cancel(false);
        }
        next = timer.schedule(this::look, delayMillis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
        }
        timer.shutdownNow();
    }
}

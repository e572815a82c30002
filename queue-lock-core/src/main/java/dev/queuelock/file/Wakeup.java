package dev.queuelock.file;

import java.util.concurrent.TimeUnit;

/**
 * The alarm a waiter sleeps on, set by others ({@link WaitForTurn} decides when): at once ({@link
 * #now()}: its turn may have come, or release() gives up the wait) or within a delay ({@link
 * #within}: only what it reports changed), else it rings at its own timeout. A signal set while the
 * waiter is looking is kept, so nothing is lost between a look and the next sleep.
 */
final class Wakeup {

    /** How late a waiter updates what it reports after a change that cannot move it up. */
    static final long REPORT_DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    private boolean now;
    private boolean due;
    private long dueAtNanos;

    synchronized void now() {
        now = true;
        notifyAll();
    }

    /** Wakes the waiter within the report delay: a change that cannot move it up, only what it reports. */
    void soon() {
        within(REPORT_DELAY_NANOS);
    }

    /** Wakes the waiter within {@code nanos}, coalescing with any wake-up already due sooner. */
    synchronized void within(long nanos) {
        long at = System.nanoTime() + nanos;
        if (!due || at - dueAtNanos < 0) {
            due = true;
            dueAtNanos = at;
            notifyAll(); // only when sooner: a burst of changes wakes the sleeper once, not per change
        }
    }

    /** Forgets signals: called as a look begins, which sees everything they were about. */
    synchronized void clear() {
        now = false;
        due = false;
    }

    /**
     * @param timeoutMillis how long at most; {@code Long.MAX_VALUE} for no limit
     * @return true if woken by {@link #now()}, false by a timeout or {@link #within}
     */
    synchronized boolean await(long timeoutMillis) throws InterruptedException {
        long start = System.nanoTime();
        boolean limited = timeoutMillis != Long.MAX_VALUE;
        long limitNanos = limited ? TimeUnit.MILLISECONDS.toNanos(timeoutMillis) : 0;
        while (!now) {
            long nowNanos = System.nanoTime();
            long left = limited ? limitNanos - (nowNanos - start) : Long.MAX_VALUE;
            if (due) {
                left = Math.min(left, dueAtNanos - nowNanos);
            }
            if (left <= 0) {
                break;
            }
            if (left == Long.MAX_VALUE) {
                wait();
            } else {
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
        }
        boolean signalled = now;
        now = false;
        due = false;
        return signalled;
    }
}

package dev.queuelock.file;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.WaitEvent;
import dev.queuelock.WaitListener;
import java.time.Duration;

/**
 * Turns each look at the queue into at most one listener call: when the position or the holder
 * changed, or when the holder crossed another stuck-warning interval (counted from the holder's
 * own {@code ts}, so every waiter agrees on the elapsed time whenever it joined).
 */
final class WaitReporter {

    private final WaitListener listener;
    private final long stuckIntervalMillis;

    private int lastAhead = -1;
    private LockRecord lastHolder;
    private long stuckWarnings;

    WaitReporter(AcquireOptions options) {
        this.listener = options.listener();
        this.stuckIntervalMillis = options.stuckWarnInterval().toMillis();
    }

    void report(int ahead, LockRecord holder, long nowMillis) {
        Duration elapsed = holder == null ? Duration.ZERO : Duration.ofMillis(Math.max(0, nowMillis - holder.ts()));
        boolean changed = ahead != lastAhead || !sameHolder(holder);
        if (changed) {
            lastAhead = ahead;
            lastHolder = holder;
            stuckWarnings = elapsed.toMillis() / stuckIntervalMillis;
            listener.onWait(new WaitEvent(ahead, holder, elapsed, stuckWarnings > 0));
            return;
        }
        long due = elapsed.toMillis() / stuckIntervalMillis;
        if (holder != null && due > stuckWarnings) {
            stuckWarnings = due;
            listener.onWait(new WaitEvent(ahead, holder, elapsed, true));
        }
    }

    private boolean sameHolder(LockRecord holder) {
        return holder == null ? lastHolder == null : holder.equals(lastHolder);
    }
}

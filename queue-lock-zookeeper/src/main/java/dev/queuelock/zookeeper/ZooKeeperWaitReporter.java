package dev.queuelock.zookeeper;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.WaitEvent;
import dev.queuelock.WaitListener;
import java.time.Duration;

/**
 * At most one listener call per look at the line: when the position or the holding ticket
 * changed, or the holder crossed another stuck-warning interval, counted from the time the
 * holder marked its ticket held (the file backend's rule; the holder's clock, as there).
 */
final class ZooKeeperWaitReporter {

    /** Waiters watch only their predecessor, so positions further ahead are re-read this often. */
    static final long REFRESH_MILLIS = 1000;

    private final WaitListener listener;
    private final long stuckIntervalMillis;

    private int lastAhead = -1;
    private String lastHolder;
    private long stuckWarnings;
    private long holderTs;

    ZooKeeperWaitReporter(AcquireOptions options) {
        this.listener = options.listener();
        this.stuckIntervalMillis = options.stuckWarnInterval().toMillis();
    }

    /** @param holder the first ticket, or null if it left while it was being read */
    void report(int ahead, TicketLine.Ticket holder, long nowMillis) {
        LockRecord record = holder == null ? null : holder.record;
        // A ticket not yet marked held is being taken this very moment: nothing held for long.
        holderTs = holder == null || !holder.marked || record == null ? nowMillis : record.ts();
        Duration elapsed = Duration.ofMillis(Math.max(0, nowMillis - holderTs));
        String holderName = holder == null ? null : holder.name;
        if (ahead != lastAhead || !java.util.Objects.equals(holderName, lastHolder)) {
            lastAhead = ahead;
            lastHolder = holderName;
            stuckWarnings = elapsed.toMillis() / stuckIntervalMillis;
            listener.onWait(new WaitEvent(ahead, record, elapsed, stuckWarnings > 0));
            return;
        }
        long due = elapsed.toMillis() / stuckIntervalMillis;
        if (record != null && due > stuckWarnings) {
            stuckWarnings = due;
            listener.onWait(new WaitEvent(ahead, record, elapsed, true));
        }
    }

    /** How long to sleep before looking again if nothing wakes the waiter: until the next warning is due, at most a refresh. */
    long nextLookMillis(long nowMillis) {
        long sinceHolder = Math.max(0, nowMillis - holderTs);
        long untilWarning = stuckIntervalMillis - sinceHolder % stuckIntervalMillis;
        return Math.max(1, Math.min(REFRESH_MILLIS, untilWarning + 1));
    }
}

package dev.queuelock.spi;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.WaitEvent;
import dev.queuelock.WaitListener;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Turns each look at a queue into at most one listener call, the same for every backend: when the
 * position or the holder changed, or when the holder crossed another stuck-warning interval
 * (counted from when the holder took the lock, by the holder's own clock, so every waiter agrees
 * on the elapsed time whenever it joined).
 */
public final class WaitReporter {

    private final WaitListener listener;
    private final long stuckIntervalMillis;

    private int lastAhead = -1;
    private Object lastHolder;
    private long stuckWarnings;
    private long heldSinceMillis;
    private boolean holderEnded;

    public WaitReporter(AcquireOptions options) {
        this.listener = options.listener();
        this.stuckIntervalMillis = options.stuckWarnInterval().toMillis();
    }

    /** For backends whose holder record says when it took the lock ({@link LockRecord#ts()}). */
    public void report(int ahead, LockRecord holder, long nowMillis) {
        report(ahead, holder, false, nowMillis);
    }

    /**
     * @param holderEnded the holder's own process has ended and processes it started keep its hold
     *                    (a change of this is a change of holder: the waiter is told)
     */
    public void report(int ahead, LockRecord holder, boolean holderEnded, long nowMillis) {
        Object key = holderEnded ? List.of(holder, "ended") : holder;
        report(ahead, key, holder, holderEnded, holder == null ? nowMillis : holder.ts(), nowMillis);
    }

    /**
     * @param holderKey       what tells one holding apart from the next (the record, a znode name); null if none
     * @param holder          the holder's record, if known
     * @param heldSinceMillis when the holder took the lock
     */
    public void report(int ahead, Object holderKey, LockRecord holder, long heldSinceMillis, long nowMillis) {
        report(ahead, holderKey, holder, false, heldSinceMillis, nowMillis);
    }

    private void report(int ahead, Object holderKey, LockRecord holder, boolean holderEnded, long heldSinceMillis,
            long nowMillis) {
        this.heldSinceMillis = holder == null ? nowMillis : heldSinceMillis;
        Duration elapsed = Duration.ofMillis(Math.max(0, nowMillis - this.heldSinceMillis));
        boolean changed = ahead != lastAhead || !Objects.equals(holderKey, lastHolder);
        long due = elapsed.toMillis() / stuckIntervalMillis;
        if (changed) {
            lastAhead = ahead;
            lastHolder = holderKey;
            stuckWarnings = due;
        } else if (holder == null || due <= stuckWarnings) {
            return;
        }
        boolean stuck = !changed || due > 0;
        stuckWarnings = due;
        WaitEvent event = new WaitEvent(ahead, holder, elapsed, stuck);
        listener.onWait(holderEnded ? event.ofEndedHolder() : event);
    }

    /** Tells the listener this waiter takes the lock over from {@code deadHolder}, which died holding it. */
    public void reportTakeover(LockRecord deadHolder) {
        listener.onWait(WaitEvent.takeover(deadHolder));
    }

    /** Milliseconds until the next stuck-holder warning falls due, for a backend that sleeps until then. */
    public long millisUntilNextWarning(long nowMillis) {
        long held = Math.max(0, nowMillis - heldSinceMillis);
        return stuckIntervalMillis - held % stuckIntervalMillis + 1;
    }
}

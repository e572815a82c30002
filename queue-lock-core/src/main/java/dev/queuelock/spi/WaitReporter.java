package dev.queuelock.spi;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.UsualHold;
import dev.queuelock.WaitEvent;
import dev.queuelock.WaitListener;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Turns each look at a queue into at most one listener call, the same for every backend: when the
 * position or the holders changed, or when the longest-held holder crossed another stuck-warning
 * interval (counted from when it took the lock, by the holder's own clock, so every waiter agrees
 * on the elapsed time whenever it joined). Such an event is a warning only where the hold is far
 * past this queue's usual hold of the same kind of work ({@link QueuePolicy#usualOf}): a long build where
 * builds are long is an ordinary wait. The first event of a wait says why the queue has its slots.
 */
public final class WaitReporter {

    private final WaitListener listener;
    private final long stuckIntervalMillis;
    /** The queue whose policy judges a long hold ({@link QueuePolicy#usualOf}); null for nothing known. */
    private final Queue queue;
    /** Null once the reason was given, or where the slots are not counted here (one slot of land's queue, another backend). */
    private SlotCount slotCount;
    private int slots;

    private int lastAhead = -1;
    private Object lastHolders;
    private long stuckWarnings;
    private long heldSinceMillis;

    /** For a queue of one slot. */
    public WaitReporter(AcquireOptions options) {
        this(options, 1);
    }

    /** @param slots how many hold at once in the queue waited in, as the waiter was told */
    public WaitReporter(AcquireOptions options, int slots) {
        this(options, slots, null, null);
    }

    /**
     * @param slotCount    what decided {@code slots}: its reason goes with the first event; null for none
     * @param queue     the queue waited in, whose policy judges a long hold; null for nothing known
     */
    public WaitReporter(AcquireOptions options, int slots, SlotCount slotCount, Queue queue) {
        this.listener = options.listener();
        this.stuckIntervalMillis = options.stuckWarnInterval().toMillis();
        this.slots = slots;
        this.slotCount = slotCount;
        this.queue = queue;
    }

    /** The slots as decided again while waiting ({@code auto}): the next report names this count. */
    public void slotsNow(int count) {
        slots = count;
    }

    /**
     * For backends whose holder records say when they took the lock ({@link LockRecord#ts()}).
     *
     * @param holders     longest-held first; empty when nobody holds
     * @param holderEnded the longest-held holder's own process has ended and processes it started
     *                    keep its hold (a change of this is a change of holder: the waiter is told)
     */
    public void report(int ahead, List<LockRecord> holders, boolean holderEnded, long nowMillis) {
        Object key = holderEnded ? List.of(holders, "ended") : holders;
        report(ahead, key, holders, holderEnded, holders.isEmpty() ? nowMillis : holders.get(0).ts(), nowMillis);
    }

    /**
     * @param holdersKey      what tells one set of holdings apart from the next (the records, znode names)
     * @param holders         the holders' records, longest-held first, as far as known
     * @param heldSinceMillis when the longest-held holder took the lock
     */
    public void report(int ahead, Object holdersKey, List<LockRecord> holders, long heldSinceMillis, long nowMillis) {
        report(ahead, holdersKey, holders, false, heldSinceMillis, nowMillis);
    }

    private void report(int ahead, Object holdersKey, List<LockRecord> holders, boolean holderEnded, long heldSinceMillis,
            long nowMillis) {
        this.heldSinceMillis = holders.isEmpty() ? nowMillis : heldSinceMillis;
        Duration elapsed = Duration.ofMillis(Math.max(0, nowMillis - this.heldSinceMillis));
        boolean changed = ahead != lastAhead || !Objects.equals(holdersKey, lastHolders);
        long due = elapsed.toMillis() / stuckIntervalMillis;
        if (changed) {
            lastAhead = ahead;
            lastHolders = holdersKey;
        } else if (holders.isEmpty() || due <= stuckWarnings) {
            return;
        }
        stuckWarnings = due;
        // Asked only once an interval has passed: the history is read by waiters that waited long, never at a take.
        UsualHold usual = due > 0 && !holders.isEmpty() && queue != null
                ? queue.context().policy().usualOf(queue, holders.get(0).label().orElse(null)).orElse(null) : null;
        boolean stuck = usual != null && usual.farPastBy(elapsed);
        WaitEvent event = new WaitEvent(ahead, holders, elapsed, stuck).inSlots(slots).withUsualHold(usual);
        if (slotCount != null) {
            event = event.withSlotsReason(slotCount.describe());
            slotCount = null;
        }
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

package dev.queuelock;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** A change in a waiter's view of the queue. */
public final class WaitEvent {

    private final int ahead;
    private final List<LockRecord> holders;
    private final Duration holderElapsed;
    private final boolean stuckHolder;
    private final LockRecord deadHolder;
    private final boolean holderEnded;
    private final int slots;
    /** Null where no usual hold of the holder's kind is known. */
    private final UsualHold usualHold;
    /** Null except on the first event of a wait in a queue whose slots are counted. */
    private final String slotsReason;

    /**
     * @param holders       who holds a slot, longest-held first; empty when nobody does
     * @param holderElapsed how long the longest-held holder has held
     */
    public WaitEvent(int ahead, List<LockRecord> holders, Duration holderElapsed, boolean stuckHolder) {
        this(ahead, holders, holderElapsed, stuckHolder, null, false, 1, null, null);
    }

    private WaitEvent(int ahead, List<LockRecord> holders, Duration holderElapsed, boolean stuckHolder, LockRecord deadHolder,
            boolean holderEnded, int slots, UsualHold usualHold, String slotsReason) {
        this.ahead = ahead;
        this.holders = List.copyOf(holders);
        this.holderElapsed = holderElapsed;
        this.stuckHolder = stuckHolder;
        this.deadHolder = deadHolder;
        this.holderEnded = holderEnded;
        this.slots = slots;
        this.usualHold = usualHold;
        this.slotsReason = slotsReason;
    }

    /** The last event of a wait that ends by taking the lock over from a holder that died without releasing it. */
    public static WaitEvent takeover(LockRecord deadHolder) {
        return new WaitEvent(0, List.of(), Duration.ZERO, false, deadHolder, false, 1, null, null);
    }

    /** The same event, of a holder whose own process has ended while processes it started keep its hold. */
    public WaitEvent ofEndedHolder() {
        return new WaitEvent(ahead, holders, holderElapsed, stuckHolder, deadHolder, true, slots, usualHold, slotsReason);
    }

    /** The same event, in a queue of {@code count} slots. */
    public WaitEvent inSlots(int count) {
        return new WaitEvent(ahead, holders, holderElapsed, stuckHolder, deadHolder, holderEnded, count, usualHold, slotsReason);
    }

    /** The same event, with the usual hold of the longest-held holder's kind of work in this queue; null: none known. */
    public WaitEvent withUsualHold(UsualHold usual) {
        return new WaitEvent(ahead, holders, holderElapsed, stuckHolder, deadHolder, holderEnded, slots, usual, slotsReason);
    }

    /** The same event, with why the queue has the slots it has ({@code SlotCount#describe}), for the first event of a wait. */
    public WaitEvent withSlotsReason(String reason) {
        return new WaitEvent(ahead, holders, holderElapsed, stuckHolder, deadHolder, holderEnded, slots, usualHold, reason);
    }

    /** The usual hold of the longest-held holder's kind of work in this queue, where known: what "far past" was judged by. */
    public Optional<Duration> usualHold() {
        return usual().map(UsualHold::length);
    }

    /** The usual hold with its kind of work and where that work writes its output, where known. */
    public Optional<UsualHold> usual() {
        return Optional.ofNullable(usualHold);
    }

    /**
     * Why the queue has the slots it has, e.g. {@code 2 (fixed)} or {@code auto: 1 (no build of this
     * repository measured yet: ...)}: on the first event of a wait only, so each waiter says it once.
     */
    public Optional<String> slotsReason() {
        return Optional.ofNullable(slotsReason);
    }

    /** How many may hold at once in the queue waited in (1: the lock is a mutex). */
    public int slots() {
        return slots;
    }

    /**
     * True if the longest-held holder's own process has ended (a holder killed with {@code kill -9})
     * and a process it started while holding (the build it runs for its work) still runs: the hold lasts until that ends.
     */
    public boolean holderEnded() {
        return holderEnded;
    }

    /** The holder that died without releasing, for a {@link #takeover} event: {@link WaitText} makes it a warning. */
    public Optional<LockRecord> deadHolder() {
        return Optional.ofNullable(deadHolder);
    }

    /** Live waiters enrolled before this one (the holders are not counted); 0 means next up. */
    public int ahead() {
        return ahead;
    }

    /** The live holders, longest-held first; empty if the lock is free. */
    public List<LockRecord> holders() {
        return holders;
    }

    /** How long the longest-held holder has held, measured from its own timestamp; zero if none. */
    public Duration holderElapsed() {
        return holderElapsed;
    }

    /** True for the events a person should be warned of: a stuck holder, a takeover from a dead one. */
    public boolean isWarning() {
        return stuckHolder || deadHolder != null;
    }

    /**
     * True for the warning that the longest-held holder has held far past this queue's usual hold
     * of its kind of work ({@link #usualHold()}), given at most once per stuck-warning interval.
     */
    public boolean isStuckHolderWarning() {
        return stuckHolder;
    }

    @Override
    public String toString() {
        return "WaitEvent{ahead=" + ahead + (slots > 1 ? ", slots=" + slots : "") + ", holders=" + holders + ", holderElapsed=" + holderElapsed
                + (stuckHolder ? ", stuck" : "") + (holderEnded ? ", holder ended" : "")
                + (deadHolder != null ? ", took over from " + deadHolder : "") + "}";
    }
}

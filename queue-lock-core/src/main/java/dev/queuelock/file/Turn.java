package dev.queuelock.file;

import java.util.List;

/**
 * The wait loop's one decision, computed from what a look saw and nothing else: re-enroll, remove
 * a dead ticket ahead, reclaim a dead holder's slot, take a free slot, or wait - on the live ticket
 * just ahead, or, first in line with every slot busy, on the holders - and, for a wait, which
 * changes in the queue directory should end it ({@link #wakeFor}). This is where the FIFO order is
 * decided.
 *
 * <p>Only the owner of the oldest live ticket competes for a slot, so the fastest poller never
 * wins, and with several slots the longest waiter takes the next free one; it then withdraws its
 * ticket, which wakes the next in line to take another. A waiter whose ticket vanished re-enrolls
 * under its original name, so it never jumps the queue. Every step but a wait is followed by a new
 * look: a decision never acts on more than one look's worth of the queue.
 */
final class Turn {

    /** What the waiter does next. */
    enum Step {
        /** Its ticket is gone: enroll again, at its original place. */
        REENROLL,
        /** The ticket just ahead is dead: remove it (whoever notices a dead waiter cleans up after it). */
        REMOVE_DEAD_TICKET,
        /** First in line, and a holder is dead: reclaim its slot. */
        RECLAIM_DEAD_LOCK,
        /** First in line, and a slot is free: take {@link #slot()}. */
        TAKE,
        /** Someone is ahead, or every slot is busy: sleep until one of {@link #waitedOn()} goes (or something else worth a look happens). */
        WAIT
    }

    /** What a change in the queue directory means to a waiting waiter. */
    enum Wake {
        /** It may move the waiter up: look now. */
        NOW,
        /** It changes only what the waiter reports: look within the report delay. */
        LATER,
        /** Irrelevant. */
        NO
    }

    private final Step step;
    private final Ticket own;
    private final List<Ticket> subjects;
    private final int slot;
    private final boolean firstInLine;

    private Turn(Step step, Ticket own, List<Ticket> subjects, int slot, boolean firstInLine) {
        this.step = step;
        this.own = own;
        this.subjects = subjects;
        this.slot = slot;
        this.firstInLine = firstInLine;
    }

    static Turn decide(QueueLook look) {
        Ticket own = look.own();
        if (!look.enrolled()) {
            return new Turn(Step.REENROLL, own, List.of(), 0, false);
        }
        Ticket nearest = look.nearest();
        if (nearest != null) {
            return new Turn(look.nearestAlive() ? Step.WAIT : Step.REMOVE_DEAD_TICKET, own, List.of(nearest), 0, false);
        }
        QueueLook.Holding dead = look.deadHolding();
        if (dead != null) {
            return new Turn(Step.RECLAIM_DEAD_LOCK, own, List.of(dead.ticket), dead.slot(), true);
        }
        int free = look.freeSlot();
        if (free > 0) {
            return new Turn(Step.TAKE, own, List.of(), free, true);
        }
        return new Turn(Step.WAIT, own, look.liveHolderTickets(), 0, true);
    }

    Step step() {
        return step;
    }

    /** The participant the step is about: the dead ticket to remove or the dead holder to reclaim. */
    Ticket subject() {
        return subjects.get(0);
    }

    /** The participants a wait waits on, any one of which going may move the waiter up. */
    List<Ticket> waitedOn() {
        return subjects;
    }

    /** The slot to take or to reclaim. */
    int slot() {
        return slot;
    }

    /** Whether no live ticket is ahead: the waiter waits on the holder, not on a ticket. */
    boolean firstInLine() {
        return firstInLine;
    }

    /**
     * What a change means to this wait. Only the going of the live ticket just ahead (or of the
     * waiter's own, to re-enroll), and, once first in line, of a slot's lock file, can move the waiter up. A
     * ticket further ahead going, or one appearing ahead (a waiter re-enrolling after its ticket
     * vanished), only changes what this waiter reports: that wakes it a little later, once per
     * burst, off the hand-off's critical path. Anything else - tickets behind, temp files, a lock
     * taken - wakes nobody, so a hand-off wakes the next waiter, not the whole queue (as a
     * ZooKeeper lock recipe watches only its predecessor). Waking less is never less safe: every
     * decision re-reads the queue.
     *
     * @param inTickets true for a name in {@code tickets/}, false for one in the queue dir itself
     * @param created   true for an entry that appeared, false for one deleted (or renamed away)
     */
    Wake wakeFor(boolean inTickets, boolean created, String name) {
        if (!inTickets) {
            return !created && firstInLine && QueueDirectory.slotOf(name) > 0 ? Wake.NOW : Wake.NO;
        }
        if (!created && (name.equals(own.name()) || !firstInLine && name.equals(subject().name()))) {
            return Wake.NOW;
        }
        return FifoOrder.before(name, own) ? Wake.LATER : Wake.NO;
    }
}

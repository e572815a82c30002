package dev.queuelock;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A look at one queue: its live holders and its live waiters in the order they will be served. A
 * queue with one slot (the npm tool's format, and every queue today) has at most one holder; the
 * holders are a list so that every reader - status, JSON, a joining build - already reads a queue
 * of several slots the same way.
 */
public final class QueueSnapshot {

    private final Path location;
    private final List<LockRecord> holders;
    private final List<LockRecord> waiters;
    private final int slots;
    private final String slotsDecision;

    /** A queue of one slot. @param holders longest-held first */
    public QueueSnapshot(Path location, List<LockRecord> holders, List<LockRecord> waiters) {
        this(location, holders, waiters, 1, "1 (fixed)");
    }

    private QueueSnapshot(Path location, List<LockRecord> holders, List<LockRecord> waiters, int slots, String slotsDecision) {
        this.location = location;
        this.holders = List.copyOf(holders);
        this.waiters = List.copyOf(waiters);
        this.slots = slots;
        this.slotsDecision = slotsDecision;
    }

    /** The same look, at a queue of {@code count} slots, found as {@code decision} says (e.g. "2 (fixed)"). */
    public QueueSnapshot withSlots(int count, String decision) {
        return new QueueSnapshot(location, holders, waiters, count, decision);
    }

    /** How many may hold at once, as a build enrolling now would be told. */
    public int slots() {
        return slots;
    }

    /** How {@link #slots()} was found: "2 (fixed)", or how {@code auto} decided. */
    public String slotsDecision() {
        return slotsDecision;
    }

    /** The slots line of a status report, e.g. {@code 1 of 2 busy; 2 (fixed)}; empty for a plain one-slot queue. */
    public Optional<String> slotsLine() {
        if (slots == 1 && slotsDecision.equals("1 (fixed)")) {
            return Optional.empty();
        }
        return Optional.of(holders.size() + " of " + slots + " busy; " + slotsDecision);
    }

    /** The queue directory. */
    public Path location() {
        return location;
    }

    /** Who holds a slot, longest-held first; empty when the queue is free. */
    public List<LockRecord> holders() {
        return holders;
    }

    public List<LockRecord> waiters() {
        return waiters;
    }
}

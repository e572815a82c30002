package dev.queuelock;

import java.nio.file.Path;
import java.util.List;

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

    /** @param holders longest-held first */
    public QueueSnapshot(Path location, List<LockRecord> holders, List<LockRecord> waiters) {
        this.location = location;
        this.holders = List.copyOf(holders);
        this.waiters = List.copyOf(waiters);
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

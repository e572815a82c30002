package dev.queuelock;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** A look at one queue: the live holder and the live waiters in the order they will be served. */
public final class QueueSnapshot {

    private final Path location;
    private final LockRecord holder;
    private final List<LockRecord> waiters;

    public QueueSnapshot(Path location, LockRecord holder, List<LockRecord> waiters) {
        this.location = location;
        this.holder = holder;
        this.waiters = List.copyOf(waiters);
    }

    /** The queue directory. */
    public Path location() {
        return location;
    }

    public Optional<LockRecord> holder() {
        return Optional.ofNullable(holder);
    }

    public List<LockRecord> waiters() {
        return waiters;
    }
}

package dev.queuelock.backends;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.process.ProcessAncestry;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * A lock that joins a hold of its own process or an ancestor instead of queueing behind it: the
 * hold already serves this process, and waiting for it would wait forever. Releasing a joined
 * hold gives nothing back: the hold belongs to whoever took it.
 */
public final class JoiningLock implements QueueLock {

    private final QueueLock lock;
    private final Supplier<QueueSnapshot> snapshot;
    private volatile LockRecord joined;

    JoiningLock(QueueLock lock, Supplier<QueueSnapshot> snapshot) {
        this.lock = lock;
        this.snapshot = snapshot;
    }

    @Override
    public void acquire(AcquireOptions options) throws InterruptedException {
        Optional<LockRecord> own = snapshot.get().holders().stream().filter(ProcessAncestry::holdsForUs).findFirst();
        if (own.isPresent()) {
            joined = own.get();
            return;
        }
        lock.acquire(options);
    }

    /** The hold this lock joined instead of queueing, if it did; empty once released. */
    public Optional<LockRecord> joined() {
        return Optional.ofNullable(joined);
    }

    @Override
    public void release() {
        joined = null;
        lock.release();
    }

    @Override
    public void warmUp() {
        lock.warmUp();
    }

    @Override
    public boolean looksBusy() {
        return lock.looksBusy();
    }

    @Override
    public String lane() {
        return lock.lane();
    }

    @Override
    public boolean isHeld() {
        return joined != null || lock.isHeld();
    }
}

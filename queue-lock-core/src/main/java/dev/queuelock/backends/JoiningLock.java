package dev.queuelock.backends;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.process.ProcessAncestry;
import dev.queuelock.spi.Queue;
import dev.queuelock.spi.QueueBackend;
import java.util.Optional;

/**
 * A lock that joins a hold of its own process or an ancestor instead of queueing behind it: the
 * hold already serves this process, and waiting for it would wait forever. Releasing a joined
 * hold gives nothing back: the hold belongs to whoever took it.
 */
public final class JoiningLock implements QueueLock {

    private final QueueLock lock;
    private final QueueBackend backend;
    private final Queue queue;
    private volatile LockRecord joined;

    /** @param lock {@code queue}'s lock, opened by {@code backend}, which also tells its holders */
    JoiningLock(QueueLock lock, QueueBackend backend, Queue queue) {
        this.lock = lock;
        this.backend = backend;
        this.queue = queue;
    }

    @Override
    public void acquire(AcquireOptions options) throws InterruptedException {
        // A plain loop, no stream or lambda: every build looks, in a cold JVM.
        for (LockRecord holder : backend.snapshot(queue).holders()) {
            if (ProcessAncestry.holdsForUs(holder)) {
                joined = holder;
                return;
            }
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

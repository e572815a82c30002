package dev.queuelock.file;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.QueueLockException;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.process.Liveness;
import dev.queuelock.spi.BackendContext;
import dev.queuelock.spi.QueueBackend;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Queues in the temp dir of one machine, shared with claude-code-merge-queue: the default backend. */
public final class FileBackend implements QueueBackend {

    public static final String NAME = "file";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public QueueLock open(String queue, String queueId, String lane, BackendContext context) {
        return new FileQueueLock(QueueDirectory.of(context.tmpDir(), queue, queueId), lane, context.pollInterval());
    }

    @Override
    public QueueSnapshot snapshot(String queue, String queueId, BackendContext context) {
        return snapshot(QueueDirectory.of(context.tmpDir(), queue, queueId));
    }

    /**
     * The live holder and waiters, in queue order; dead entries are left out, not deleted. The
     * holder is never among the waiters, even when caught between taking the lock and withdrawing
     * its ticket ({@link HoldersTicket}), and no waiter is listed twice.
     */
    static QueueSnapshot snapshot(QueueDirectory dir) {
        try {
            Optional<LockRecord> holder = new LockFile(dir).holder().filter(Liveness::isAlive);
            List<LockRecord> waiters = new ArrayList<>();
            for (Ticket t : new TicketQueue(dir.ticketsDir()).liveInOrder()) {
                if (holder.isEmpty() || !HoldersTicket.isHolders(holder.get(), t.record())) {
                    waiters.add(t.record());
                }
            }
            return new QueueSnapshot(dir.path(), holder.map(List::of).orElse(List.of()), waiters);
        } catch (IOException e) {
            throw new QueueLockException("cannot read queue " + dir + ": " + e.getMessage(), e);
        }
    }
}

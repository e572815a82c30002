package dev.queuelock.file;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.QueueLockException;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.config.BuildScope;
import dev.queuelock.config.LockSettings;
import dev.queuelock.process.Liveness;
import dev.queuelock.slots.SlotCount;
import dev.queuelock.slots.SlotCounts;
import dev.queuelock.spi.BackendContext;
import dev.queuelock.spi.QueueBackend;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** Queues in the temp dir of one machine, shared with claude-code-merge-queue: the default backend. */
public final class FileBackend implements QueueBackend {

    public static final String NAME = "file";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public QueueLock open(String queue, String queueId, String lane, BackendContext context) {
        QueueDirectory dir = QueueDirectory.of(context.tmpDir(), queue, queueId);
        return new FileQueueLock(dir, lane, context.pollInterval(), slots(queue, dir, context));
    }

    /** The build queue's {@link LockSettings#SLOTS}; every other queue (land's) is a mutex. */
    static SlotCount slots(String queue, QueueDirectory dir, BackendContext context) {
        if (!queue.equals(BuildScope.BUILD_QUEUE)) {
            return SlotCount.ONE;
        }
        return SlotCounts.of(LockSettings.SLOTS.from(context.settings()), dir.path());
    }

    @Override
    public QueueSnapshot snapshot(String queue, String queueId, BackendContext context) {
        QueueDirectory dir = QueueDirectory.of(context.tmpDir(), queue, queueId);
        SlotCount slots = slots(queue, dir, context);
        return snapshot(dir).withSlots(slots.slots(), slots.describe());
    }

    /**
     * The live holders (longest-held first) and waiters (in queue order); dead entries are left
     * out, not deleted. A holder is never among the waiters, even when caught between taking its
     * slot and withdrawing its ticket ({@link HoldersTicket}), and no waiter is listed twice.
     */
    static QueueSnapshot snapshot(QueueDirectory dir) {
        try {
            List<LockRecord> holders = new ArrayList<>();
            for (LockRecord holder : new SlotFiles(dir).holderRecords()) {
                if (Liveness.isAlive(holder)) {
                    holders.add(holder);
                }
            }
            List<LockRecord> waiters = new ArrayList<>();
            for (Ticket t : new TicketQueue(dir.ticketsDir()).liveInOrder()) {
                if (holders.stream().noneMatch(holder -> HoldersTicket.isHolders(holder, t.record()))) {
                    waiters.add(t.record());
                }
            }
            return new QueueSnapshot(dir.path(), holders, waiters);
        } catch (IOException e) {
            throw new QueueLockException("cannot read queue " + dir + ": " + e.getMessage(), e);
        }
    }
}

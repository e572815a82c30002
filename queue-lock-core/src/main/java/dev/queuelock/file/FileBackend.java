package dev.queuelock.file;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.QueueLockException;
import dev.queuelock.QueueReader;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.config.LockSettings;
import dev.queuelock.process.HolderTree;
import dev.queuelock.process.Liveness;
import dev.queuelock.spi.SlotCount;
import dev.queuelock.spi.QueuePolicy;
import dev.queuelock.spi.Queue;
import dev.queuelock.spi.QueueChanges;
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
    public QueueLock open(Queue queue, String lane) {
        return new FileQueueLock(QueueDirectory.of(queue), lane, queue.context().pollInterval(), slots(queue), queue);
    }

    /** The build queue's {@link LockSettings#SLOTS}; every other queue is a mutex. */
    static SlotCount slots(Queue queue) {
        return queue.context().policy().slotsOf(queue.slots(), queue);
    }

    /**
     * The queue as {@link #snapshot(QueueDirectory)} sees it, with its slots: as this process's
     * {@link LockSettings#SLOTS} says where it is set; else as the newest holder or waiter
     * queue-lock enrolled was told ({@link #asRecorded}), so a plain {@code status} explains builds
     * started with {@code -Dqueuelock.build.slots=2}. Builds told {@code auto} are explained by
     * deciding now, beside the live holders: what the machine shows and the number it gives.
     */
    @Override
    public QueueSnapshot snapshot(Queue queue) {
        return withSlots(queue, snapshot(QueueDirectory.of(queue)));
    }

    /** Re-reads only the tickets that changed since its last look, and judges their processes cheaply ({@link RepeatedLooks}). */
    @Override
    public QueueReader reader(Queue queue) {
        return RepeatedLooks.of(queue); // not `new` here: verifying this class would load QueueReader in every build's session
    }

    /** The kernel's file events in the queue's directory and its {@code tickets/}; polled as a waiter polls where there are none. */
    @Override
    public QueueChanges changes(Queue queue, Runnable changed) {
        QueueDirectory dir = QueueDirectory.of(queue);
        try {
            DirectoryEvents events = new DirectoryEvents(dir.path());
            events.watchQueue(dir); // writes nothing: a removed idle queue is waited for through its parent
            return EventPump.start(events, dir.toString(), changed);
        } catch (IOException | UnsupportedOperationException e) {
            return QueueBackend.super.changes(queue, changed);
        }
    }

    /** {@code look} with the slots as {@link #snapshot(Queue)} tells them. */
    static QueueSnapshot withSlots(Queue queue, QueueSnapshot look) {
        Optional<QueueSnapshot> recorded = queue.slotsSetHere() ? Optional.empty() : asRecorded(look);
        boolean toldAuto = recorded.isPresent() && newestTold(look).map(LockRecord::slotsAuto).orElse(false)
                && queue.context().policy().decidesAuto(); // else shown as the builds were told
        if (recorded.isPresent() && !toldAuto) {
            return recorded.get();
        }
        // auto, set here or as the builds were told: what the machine has room for now, beside the holders
        SlotCount slots = toldAuto ? queue.context().policy().slotsOf(QueuePolicy.AUTO, queue) : slots(queue);
        return look.withSlots(slots.slots(look.holders().size()), slots.describe());
    }

    /**
     * The look with the slots the newest holder or waiter queue-lock wrote was told; empty where
     * no record says more than the default. Only queue-lock's records count (they have a start
     * token; the npm tool's say nothing of slots), and one of them without {@code slots} was told
     * one fixed slot, which is not recorded: a newer build told 1 outranks an older one told 2.
     */
    static Optional<QueueSnapshot> asRecorded(QueueSnapshot look) {
        Optional<LockRecord> newest = newestTold(look);
        if (newest.isEmpty()) {
            return Optional.empty();
        }
        LockRecord told = newest.get();
        int count = told.slots().orElse(1);
        return Optional.of(look.withSlots(count, count + " (" + (told.slotsAuto() ? "auto" : "fixed") + ", as lane " + told.lane()
                + "'s " + (look.holders().contains(told) ? "holder" : "waiter") + " was told)"));
    }

    /** The newest holder or waiter queue-lock enrolled, where any record says how many slots it was told. */
    private static Optional<LockRecord> newestTold(QueueSnapshot look) {
        List<LockRecord> all = new ArrayList<>(look.holders());
        all.addAll(look.waiters());
        // Plain loops, no streams: a build's session asks this, and each stream class it loads is start-up time.
        LockRecord newest = null;
        boolean anyTold = false;
        for (LockRecord r : all) {
            anyTold |= r.slots().isPresent();
            if (r.start().isPresent() && (newest == null || r.ts() > newest.ts())) {
                newest = r;
            }
        }
        return anyTold ? Optional.ofNullable(newest) : Optional.empty();
    }

    /**
     * The live holders (longest-held first) and waiters (in queue order); dead entries are left
     * out, not deleted. A holder is never among the waiters, even when caught between taking its
     * slot and withdrawing its ticket ({@link HoldersTicket}), and no waiter is listed twice. A
     * holder whose own process has ended while what it started keeps its hold is marked
     * {@link QueueSnapshot#ended}; what keeps it is named only when asked (status): finding it scans
     * every process, and a joining process looks at the queue every time it takes the lock.
     */
    static QueueSnapshot snapshot(QueueDirectory dir) {
        return snapshot(dir, null);
    }

    /**
     * {@link #snapshot(QueueDirectory)} with the waiters' tickets as {@code kept} reads them, or
     * read afresh where it is null (no interface for the two: a build's session would load it).
     */
    static QueueSnapshot snapshot(QueueDirectory dir, RepeatedLooks kept) {
        try {
            List<LockRecord> holders = new ArrayList<>();
            List<LockRecord> ended = new ArrayList<>();
            for (LockRecord holder : new SlotFiles(dir).holderRecords()) {
                if (Liveness.isAlive(holder.pid(), holder.start().orElse(null))) {
                    holders.add(holder);
                } else if (Liveness.keptByTree(holder)) {
                    holders.add(holder);
                    ended.add(holder);
                }
            }
            List<LockRecord> waiters = new ArrayList<>();
            List<Ticket> tickets = kept == null ? new TicketQueue(dir.ticketsDir()).liveInOrder() : kept.liveInOrder();
            for (Ticket t : tickets) {
                if (holders.stream().noneMatch(holder -> HoldersTicket.isHolders(holder, t.record()))) {
                    waiters.add(t.record());
                }
            }
            QueueSnapshot look = new QueueSnapshot(dir.path(), holders, waiters);
            for (LockRecord holder : ended) {
                look = look.withEnded(holder, () -> HolderTree.keepers(holder.pid(), holder.start().orElse(null)));
            }
            return look;
        } catch (IOException e) {
            throw new QueueLockException("cannot read queue " + dir + ": " + e.getMessage(), e);
        }
    }
}

package dev.queuelock.file;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueReader;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.process.Liveness;
import dev.queuelock.process.SeenProcesses;
import dev.queuelock.spi.Queue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A watch's reader of one queue ({@link FileBackend#reader}): each look judges the holders in
 * full, as a snapshot does, but keeps the waiters' tickets between looks. A ticket is read again
 * only when its file changed (another inode, size or modification time), one stat where a
 * snapshot opens, reads and parses it; a ticket gone from the directory is dropped with its
 * process; a ticket's process judged alive once is re-checked by one stat while it is the same
 * process ({@link SeenProcesses}). At a hand-off every 50 ms behind 32 waiters, reading every
 * ticket and each one's process again was most of the watch's CPU. Not for a build's path: a
 * build looks once.
 */
final class RepeatedLooks implements QueueReader {

    private final Queue queue;
    private final QueueDirectory dir;
    private final Map<String, Kept> kept = new HashMap<>();
    private final SeenProcesses processes = new SeenProcesses();

    private RepeatedLooks(Queue queue) {
        this.queue = queue;
        this.dir = QueueDirectory.of(queue);
    }

    static QueueReader of(Queue queue) {
        return new RepeatedLooks(queue);
    }

    @Override
    public synchronized QueueSnapshot look() {
        return FileBackend.withSlots(queue, FileBackend.snapshot(dir, this));
    }

    /**
     * The live tickets in queue order, as {@link TicketQueue#liveInOrder()} decides, from what was
     * kept where the files did not change.
     */
    List<Ticket> liveInOrder() throws IOException {
        Path ticketsDir = dir.ticketsDir();
        String[] names = TicketQueue.listNames(ticketsDir);
        List<Ticket> live = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String name : names == null ? new String[0] : names) {
            Ticket parsed = seen.add(name) ? Ticket.parse(name) : null; // listed twice if re-created meanwhile
            Ticket ticket = parsed == null ? null : read(ticketsDir, parsed);
            if (ticket != null && isAlive(ticket.record())) {
                live.add(ticket);
            }
        }
        kept.keySet().retainAll(seen);
        processes.forgetUnasked();
        live.sort(FifoOrder.SERVED_FIRST);
        return live;
    }

    /** How many tickets are kept: those of the last look whose body was valid. */
    synchronized int keptTickets() {
        return kept.size();
    }

    /** {@link Liveness#isAlive(LockRecord)}, the pid's part re-checked cheaply. */
    private boolean isAlive(LockRecord record) {
        return processes.isAlive(record.pid(), record.start().orElse(null)) || Liveness.keptByTree(record);
    }

    /** The ticket with its body: kept from an earlier look while its file is unchanged, else read now; null if withdrawn. */
    private Ticket read(Path ticketsDir, Ticket parsed) {
        BasicFileAttributes now;
        try {
            // Before the read: the attributes kept are never newer than the body, so a body written after them is read again.
            now = Files.readAttributes(ticketsDir.resolve(parsed.name()), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            now = null; // withdrawn, or unreadable: the read below decides
        }
        Kept before = kept.get(parsed.name());
        if (before != null && now != null && before.sameFile(now)) {
            return before.ticket;
        }
        Ticket read = TicketQueue.readBody(ticketsDir, parsed); // refuses a link or another user's file, as every read does
        if (read != null && read.hasBody() && now != null && now.isRegularFile()) {
            kept.put(parsed.name(), new Kept(now, read));
        } else {
            kept.remove(parsed.name());
        }
        return read;
    }

    /** A ticket as read, with its file's attributes just before. */
    private static final class Kept {
        private final Object fileKey;
        private final long size;
        private final FileTime modified;
        private final Ticket ticket;

        Kept(BasicFileAttributes attributes, Ticket ticket) {
            this.fileKey = attributes.fileKey();
            this.size = attributes.size();
            this.modified = attributes.lastModifiedTime();
            this.ticket = ticket;
        }

        boolean sameFile(BasicFileAttributes now) {
            return now.isRegularFile() && Objects.equals(fileKey, now.fileKey()) && size == now.size()
                    && modified.equals(now.lastModifiedTime());
        }
    }
}

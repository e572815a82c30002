package dev.queuelock.file;

import dev.queuelock.LockRecord;
import dev.queuelock.process.Liveness;
import dev.queuelock.spi.Queue;
import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Removes a queue directory nobody uses (what {@code queuelock:uninstall} leaves behind in the temp
 * dir). A live holder's lock and a live waiter's ticket are never removed: a holder or waiter seen
 * alive keeps the directory; otherwise only what is judged dead is deleted (the lock through the
 * same rename-aside as a take-over), and the directories with a plain delete, which fails if a
 * ticket or a lock arrived meanwhile: then the directory stays, in use.
 */
public final class IdleQueue {

    /** How a removal ended. */
    public enum Removal {
        /** The directory is gone. */
        REMOVED,
        /** There was no such directory. */
        ABSENT,
        /** A live holder or waiter is in it (or arrived while it was looked at): kept. */
        IN_USE,
        /** It holds files that are no queue's (left as they are): kept. */
        OTHER_FILES
    }

    /** A temp file of a take or of a reclaim, by the pid that wrote it. */
    private static final Pattern TEMP = Pattern.compile("(?:lock|slot-\\d{1,3})\\.(\\d{1,18})\\.(tmp|reclaim)");

    private IdleQueue() {
    }

    /**
     * Removes {@code dir} if nobody holds or waits in it.
     *
     * @throws dev.queuelock.QueueLockException if it is a symbolic link or another user's
     */
    public static Removal removeIfIdle(QueueDirectory dir) throws IOException {
        Path path = dir.path();
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return Removal.ABSENT;
        }
        SafePaths.requireOwned(path);
        SlotFiles slots = new SlotFiles(dir);
        TicketQueue tickets = new TicketQueue(dir.ticketsDir());
        List<Ticket> holders = slots.holders();
        if (holders.stream().anyMatch(holder -> Liveness.isAlive(holder.record())) || !tickets.liveInOrder().isEmpty()) {
            return Removal.IN_USE;
        }
        removeDeadSlots(slots, holders, path);
        removeDeadTickets(tickets, dir.ticketsDir());
        removeDeadTempFiles(path);
        return removeEmpty(dir.ticketsDir()) && removeEmpty(path) ? Removal.REMOVED
                : slots.anyPresent() || hasEntries(dir.ticketsDir()) ? Removal.IN_USE
                : Removal.OTHER_FILES;
    }

    /** Every slot's lock file, each put back if a live holder took it meanwhile (garbage ones go too). */
    private static void removeDeadSlots(SlotFiles slots, List<Ticket> holders, Path dir) throws IOException {
        String[] names = dir.toFile().list();
        for (String name : names == null ? new String[0] : names) {
            int slot = QueueDirectory.slotOf(name);
            if (slot > 0) {
                LockRecord judged = holders.stream().filter(h -> h.name().equals(name)).map(Ticket::record).findFirst().orElse(null);
                slots.slot(slot).reclaimDead(judged);
            }
        }
    }

    private static void removeDeadTickets(TicketQueue tickets, Path ticketsDir) {
        String[] names = ticketsDir.toFile().list();
        for (String name : names == null ? new String[0] : names) {
            Ticket parsed = Ticket.parse(name);
            Ticket ticket = parsed == null ? null : tickets.read(parsed);
            if (ticket != null && !Liveness.isAlive(ticket.record())) {
                tickets.remove(ticket);
            }
        }
    }

    private static void removeDeadTempFiles(Path dir) {
        String[] names = dir.toFile().list();
        for (String name : names == null ? new String[0] : names) {
            Matcher temp = TEMP.matcher(name);
            if (temp.matches() && !Liveness.isAlive(Long.parseLong(temp.group(1)), null) || Queue.isUsageHistoryFile(name)) {
                SafePaths.deleteQuietly(dir.resolve(name)); // usage: auto slots' measurements, nobody's work
            }
        }
    }

    /** Deletes an empty directory; false if something is in it. */
    private static boolean removeEmpty(Path dir) throws IOException {
        try {
            Files.deleteIfExists(dir);
            return true;
        } catch (DirectoryNotEmptyException e) {
            return false;
        }
    }

    private static boolean hasEntries(Path dir) {
        String[] names = dir.toFile().list();
        return names != null && names.length > 0;
    }
}

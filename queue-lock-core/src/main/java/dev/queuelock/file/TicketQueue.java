package dev.queuelock.file;

import dev.queuelock.LockRecord;
import dev.queuelock.json.RecordJson;
import dev.queuelock.process.Liveness;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The waiting line on disk: tickets named {@code <ts>-<pid>} in {@code tickets/} ({@link Ticket}),
 * served in {@link FifoOrder}. Enrolls and withdraws, lists who is ahead, reads bodies.
 */
final class TicketQueue {

    private final Path ticketsDir;
    /**
     * Ticket bodies already read, by name: a ticket is written once and never changes, so a waiter
     * that looks again after every hand-off need not re-open and re-parse it. Only bodies that
     * parsed and match their name are kept; entries of tickets gone from the directory are dropped.
     */
    private final Map<String, Ticket> bodies = new HashMap<>();

    TicketQueue(Path ticketsDir) {
        this.ticketsDir = ticketsDir;
    }

    /**
     * Enrolls (or re-enrolls, after the ticket vanished) under the given, original name, holding an
     * OS lock on the ticket; null if a file of that name was there already (ours, unless planted).
     * Created in place, not under a temp name: one in {@code tickets/} would be deleted or mis-sorted
     * by the npm tool, and one beside it would wake every waiter once more per enrollment.
     */
    HeldFile enroll(LockRecord record) throws IOException {
        Path ticket = ticketsDir.resolve(Ticket.nameOf(record.ts(), record.pid()));
        try {
            return OwnFiles.create(ticket, RecordJson.encode(record));
        } catch (FileAlreadyExistsException e) {
            SafePaths.requireOwned(ticket); // our own name already there: fine, unless it was planted
            return null;
        }
    }

    void withdraw(long ts, long pid) {
        SafePaths.deleteQuietly(ticketsDir.resolve(Ticket.nameOf(ts, pid)));
    }

    /** Removes a ticket judged dead. */
    synchronized void remove(Ticket dead) {
        SafePaths.deleteQuietly(ticketsDir.resolve(dead.name()));
        bodies.remove(dead.name());
    }

    /**
     * The tickets served before {@code own}, by name only (unread, in no particular order); null if
     * {@code own} is not there (it vanished). A name deleted and re-created while we listed can be
     * listed twice: counted twice for one look.
     */
    synchronized List<Ticket> ahead(Ticket own) throws IOException {
        String[] names = listNames();
        if (names == null) {
            return null;
        }
        boolean found = false;
        List<Ticket> ahead = new ArrayList<>();
        for (String name : names) {
            if (name.equals(own.name())) {
                found = true;
            } else {
                Ticket them = Ticket.parse(name);
                if (them != null && FifoOrder.before(them, own)) {
                    ahead.add(them);
                }
            }
        }
        if (!bodies.isEmpty()) {
            bodies.keySet().retainAll(Arrays.asList(names)); // a few entries: the nearest, the holder's
        }
        return found ? ahead : null;
    }

    /** How many of {@code tickets} are the holder's own, still there just after it took the lock. */
    synchronized int holdersTickets(List<Ticket> tickets, LockRecord holder) {
        int holders = 0;
        for (Ticket t : tickets) {
            if (t.pid() == holder.pid()) {
                Ticket read = read(t);
                if (read != null && HoldersTicket.isHolders(holder, read.record())) {
                    holders++;
                }
            }
        }
        return holders;
    }

    /**
     * The live tickets in queue order, dead ones left out but not deleted (for status); names that
     * are not tickets are left alone.
     */
    synchronized List<Ticket> liveInOrder() throws IOException {
        List<Ticket> live = new ArrayList<>();
        String[] names = listNames();
        if (names == null) {
            return live;
        }
        Set<String> seen = new HashSet<>();
        for (String fileName : names) {
            Ticket name = seen.add(fileName) ? Ticket.parse(fileName) : null; // listed twice if re-created meanwhile
            Ticket ticket = name == null ? null : read(name);
            if (ticket != null && Liveness.isAlive(ticket.record())) {
                live.add(ticket);
            }
        }
        live.sort(FifoOrder.SERVED_FIRST);
        return live;
    }

    /**
     * The ticket with its body, read once; null if it was withdrawn. A body that is garbage or
     * names another pid is not used: the ticket then keeps a record made from its name.
     */
    synchronized Ticket read(Ticket parsed) {
        Ticket known = bodies.get(parsed.name());
        if (known != null) {
            return known;
        }
        Ticket read = readBody(ticketsDir, parsed);
        if (read != null && read.hasBody()) {
            bodies.put(parsed.name(), read);
        }
        return read;
    }

    /** {@link #read} without keeping it: the ticket {@code parsed} in {@code ticketsDir} with its body, if valid. */
    static Ticket readBody(Path ticketsDir, Ticket parsed) {
        Ticket ticket = parsed.in(ticketsDir);
        try {
            byte[] bytes = OwnFiles.read(ticket.file());
            if (bytes == null) {
                return null; // withdrawn while we listed
            }
            LockRecord json = RecordJson.decode(bytes).orElse(null);
            if (json != null && json.pid() == parsed.pid()) {
                return ticket.withBody(json, OsLockMark.isMarked(bytes));
            }
        } catch (IOException unreadable) {
            // e.g. a directory under a ticket's name: keep what the name says
        }
        return ticket;
    }

    /** Whether {@code tickets/} has no entry at all (or is gone). */
    boolean isEmpty() throws IOException {
        String[] names = listNames();
        return names == null || names.length == 0;
    }

    /**
     * The names in {@code tickets/}; null if it is gone. {@link java.io.File#list()}, not a
     * DirectoryStream: the stream's per-entry path code is slow in a JVM that has not compiled it
     * yet, which every waiter is, at every look.
     */
    private String[] listNames() throws IOException {
        return listNames(ticketsDir);
    }

    /** {@link #listNames()} of {@code ticketsDir}. */
    static String[] listNames(Path ticketsDir) throws IOException {
        String[] names = ticketsDir.toFile().list();
        if (names == null) {
            // Say why, as a DirectoryStream would: gone is a vanished ticket, anything else unusable.
            try (DirectoryStream<Path> unused = Files.newDirectoryStream(ticketsDir)) {
                return null; // re-created just now: look again
            } catch (NoSuchFileException e) {
                return null;
            }
        }
        return names;
    }
}

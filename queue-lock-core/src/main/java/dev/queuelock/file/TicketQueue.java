package dev.queuelock.file;

import dev.queuelock.LockRecord;
import dev.queuelock.process.Liveness;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;

/**
 * The waiting line, and where FIFO order is decided: tickets named {@code <ts>-<pid>} in
 * {@code tickets/}, served by (ts, pid) ascending. Only the owner of the oldest live ticket may
 * compete for the lock, so the fastest poller never wins.
 */
final class TicketQueue {

    /** The queue order: oldest enrollment first, pid breaking ties (as the npm tool sorts). */
    static final Comparator<Ticket> FIFO = Comparator.comparingLong(Ticket::ts).thenComparingLong(Ticket::pid);

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

    /** A waiter's place in line. The name is the truth; the JSON inside adds lane, label, start. */
    static final class Ticket {
        private final String name;
        private final long ts;
        private final long pid;
        private final LockRecord record;
        private final boolean osLocked;

        Ticket(String name, long ts, long pid, LockRecord record, boolean osLocked) {
            this.name = name;
            this.ts = ts;
            this.pid = pid;
            this.record = record;
            this.osLocked = osLocked;
        }

        String name() {
            return name;
        }

        long ts() {
            return ts;
        }

        long pid() {
            return pid;
        }

        /** The ticket's JSON if it parsed and matches the name; else a record made from the name. */
        LockRecord record() {
            return record;
        }

        /** Whether its owner OS-locks the ticket file ({@link OsLockMark}). */
        boolean osLocked() {
            return osLocked;
        }
    }

    static String nameOf(long ts, long pid) {
        return ts + "-" + pid;
    }

    /**
     * Enrolls (or re-enrolls, after the ticket vanished) under the given, original name, holding an
     * OS lock on the ticket; null if a file of that name was there already (ours, unless planted).
     * Created in place, as before: a temp name in {@code tickets/} would be deleted or mis-sorted
     * by the npm tool, and one beside it would wake every waiter once more per enrollment.
     */
    HeldFile enroll(LockRecord record) throws IOException {
        String name = nameOf(record.ts(), record.pid());
        Path ticket = ticketsDir.resolve(name);
        try {
            return OwnFiles.create(ticket, RecordCodec.encode(record));
        } catch (FileAlreadyExistsException e) {
            SafePaths.requireOwned(ticket); // our own name already there: fine, unless it was planted
            return null;
        }
    }

    void withdraw(long ts, long pid) {
        SafePaths.deleteQuietly(ticketsDir.resolve(nameOf(ts, pid)));
    }

    /** A waiter's place: how many live tickets are ahead, and the nearest of them. */
    static final class Position {
        static final Position VANISHED = new Position(-1, 0, null);

        private final int ahead;
        private final int shownAhead;
        private final Participant predecessor;

        Position(int ahead, int shownAhead, Participant predecessor) {
            this.ahead = ahead;
            this.shownAhead = shownAhead;
            this.predecessor = predecessor;
        }

        /** Live tickets ahead; -1 if the waiter's own ticket is not there (it vanished). */
        int ahead() {
            return ahead;
        }

        /**
         * What to tell the user: {@link #ahead()} without the holder's own ticket, still there for
         * the moment between its taking the lock and withdrawing the ticket.
         */
        int shownAhead() {
            return shownAhead;
        }

        /** The live ticket just ahead (the only one whose going moves this waiter up); null when first. */
        Participant predecessor() {
            return predecessor;
        }

        /** Its name, or null when first. */
        String predecessorName() {
            return predecessor == null ? null : predecessor.file().getFileName().toString();
        }
    }

    /**
     * The place of the ticket named {@code mine}. The tickets ahead are counted by name; a body is
     * read only where a decision needs it: the nearest ticket's, to judge it (until a live one is
     * found; the dead are removed), and any with the holder's pid, to tell the holder's own ticket.
     * A ticket further ahead counts as live unread. If its owner died, the waiter just behind it
     * finds out (woken by the kernel, or polling one without an OS lock, as the npm tool's) and
     * removes it, and that deletion makes this waiter count again. Reading every ticket ahead made
     * a waiter enrolling behind 30 others open and parse 30 files at the moment of a hand-off.
     */
    synchronized Position position(String mine, LockRecord holder) throws IOException {
        TicketName me = TicketName.parse(mine);
        if (me == null) {
            throw new IllegalArgumentException("not a ticket name: " + mine);
        }
        String[] names = listNames();
        if (names == null) {
            return Position.VANISHED;
        }
        boolean found = false;
        List<TicketName> ahead = new ArrayList<>();
        for (String name : names) {
            TicketName them = TicketName.parse(name);
            if (name.equals(mine)) {
                found = true;
            } else if (them != null && them.exact() && them.before(me)) {
                ahead.add(them);
            }
        }
        if (!bodies.isEmpty()) {
            bodies.keySet().retainAll(Arrays.asList(names)); // a few entries: the nearest, the holder's
        }
        if (!found) {
            return Position.VANISHED;
        }
        Ticket nearest = null;
        while (nearest == null && !ahead.isEmpty()) {
            TicketName candidate = nearestOf(ahead);
            Optional<Ticket> ticket = read(candidate);
            if (ticket.isPresent() && Liveness.isAlive(ticket.get().record())) {
                nearest = ticket.get();
            } else {
                if (ticket.isPresent()) {
                    SafePaths.deleteQuietly(ticketsDir.resolve(candidate.name()));
                    bodies.remove(candidate.name());
                } // else withdrawn while we listed
                ahead.removeIf(name -> name.name().equals(candidate.name()));
            }
        }
        int holders = 0;
        if (holder != null) {
            for (TicketName name : ahead) {
                if (name.pid() == holder.pid()) {
                    Optional<Ticket> ticket = read(name);
                    if (ticket.isPresent() && HoldersTicket.isHolders(holder, ticket.get().record())) {
                        holders++;
                    }
                }
            }
        }
        // A name deleted and re-created while we listed can be listed twice: counted twice for one look.
        int live = ahead.size();
        return new Position(live, live - holders, nearest == null ? null
                : new Participant(ticketsDir.resolve(nearest.name()), nearest.record(), nearest.osLocked()));
    }

    /** The ticket served last among {@code names}: the one just ahead of the waiter. */
    private static TicketName nearestOf(List<TicketName> names) {
        TicketName nearest = names.get(0);
        for (TicketName name : names) {
            if (nearest.before(name)) {
                nearest = name;
            }
        }
        return nearest;
    }

    /**
     * The names in {@code tickets/}; null if it is gone. {@link java.io.File#list()}, not a
     * DirectoryStream: it lists 32 names in a twentieth of the time in a JVM that has not compiled
     * the stream's per-entry path code, which every waiter is, at every look.
     */
    private String[] listNames() throws IOException {
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

    /** Whether {@code tickets/} has no entry at all (or is gone). */
    boolean isEmpty() throws IOException {
        String[] names = listNames();
        return names == null || names.length == 0;
    }

    /** How many ticket bodies this queue has read and still keeps (for tests of what a look reads). */
    synchronized int bodiesRead() {
        return bodies.size();
    }

    /** Whether {@code name} is a ticket served before the ticket {@code mine} (both ticket names). */
    static boolean sortsBefore(String name, String mine) {
        TicketName them = TicketName.parse(name);
        TicketName me = TicketName.parse(mine);
        return them != null && me != null && them.before(me);
    }

    /**
     * The live tickets in queue order. Dead ones are removed on the way (whoever notices a dead
     * waiter cleans up after it); names that are not tickets are left alone.
     *
     * @param prune false to only look (for status), true to also delete dead tickets
     */
    synchronized List<Ticket> live(boolean prune) throws IOException {
        List<Ticket> live = new ArrayList<>();
        String[] names = listNames();
        if (names == null) {
            return live;
        }
        Set<String> seen = new HashSet<>();
        for (String fileName : names) {
            if (!seen.add(fileName)) {
                continue; // a name deleted and re-created while we listed can be listed twice
            }
            TicketName name = TicketName.parse(fileName);
            Optional<Ticket> ticket = name == null || !name.exact() ? Optional.empty() : read(name);
            if (ticket.isEmpty()) {
                continue;
            }
            if (Liveness.isAlive(ticket.get().record())) {
                live.add(ticket.get());
            } else if (prune) {
                SafePaths.deleteQuietly(ticketsDir.resolve(fileName));
            }
        }
        live.sort(FIFO);
        return live;
    }

    /** The ticket of an exact ticket name, its body read once; empty if it was withdrawn. */
    private Optional<Ticket> read(TicketName parsed) {
        String name = parsed.name();
        Path path = ticketsDir.resolve(name);
        long ts = parsed.ts();
        long pid = parsed.pid();
        Ticket known = bodies.get(name);
        if (known != null) {
            return Optional.of(known);
        }
        Ticket fromName = new Ticket(name, ts, pid, new LockRecord(pid, "?", null, ts, null), false);
        try {
            byte[] bytes = OwnFiles.read(path);
            if (bytes == null) {
                return Optional.empty(); // withdrawn while we listed
            }
            Optional<LockRecord> json = RecordCodec.decode(bytes);
            // Garbage or a mismatching body never changes the order: only the name does.
            if (json.isPresent() && json.get().pid() == pid) {
                Ticket ticket = new Ticket(name, ts, pid, json.get(), OsLockMark.isMarked(bytes));
                bodies.put(name, ticket);
                return Optional.of(ticket);
            }
        } catch (IOException unreadable) {
            // e.g. a directory under a ticket's name: keep what the name says
        }
        return Optional.of(fromName);
    }
}

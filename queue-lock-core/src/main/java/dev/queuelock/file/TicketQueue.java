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
     * The place of the ticket named {@code mine}. Only the tickets ahead are read, and only some
     * judged: the nearest, until a live one is found (the dead are removed), and any further ahead
     * that carries no OS lock (the npm tool's, judged by pid). An OS-locked ticket further ahead
     * counts as live without a look at its process: if that died, the kernel woke the waiter just
     * behind it, which removes it, and that deletion wakes this waiter to count again. Judging
     * every ticket made each of N waiters read N process entries per look.
     */
    synchronized Position position(String mine, LockRecord holder) throws IOException {
        TicketName me = TicketName.parse(mine);
        if (me == null) {
            throw new IllegalArgumentException("not a ticket name: " + mine);
        }
        boolean found = false;
        List<Path> before = new ArrayList<>();
        Set<String> present = new HashSet<>();
        try (DirectoryStream<Path> names = Files.newDirectoryStream(ticketsDir)) {
            for (Path path : names) {
                String name = path.getFileName().toString();
                present.add(name);
                TicketName them = TicketName.parse(name);
                if (name.equals(mine)) {
                    found = true;
                } else if (them != null && them.before(me)) {
                    before.add(path);
                }
            }
        } catch (NoSuchFileException e) {
            return Position.VANISHED;
        }
        bodies.keySet().retainAll(present);
        if (!found) {
            return Position.VANISHED;
        }
        List<Ticket> ahead = new ArrayList<>();
        for (Path path : before) {
            read(path).ifPresent(ahead::add);
        }
        ahead.sort(FIFO.reversed()); // nearest first
        int live = 0;
        int holders = 0;
        Ticket nearest = null;
        for (Ticket ticket : ahead) {
            boolean judge = nearest == null || !ticket.osLocked();
            if (judge && !Liveness.isAlive(ticket.record())) {
                SafePaths.deleteQuietly(ticketsDir.resolve(ticket.name()));
                bodies.remove(ticket.name());
                continue;
            }
            live++;
            if (holder != null && HoldersTicket.isHolders(holder, ticket.record())) {
                holders++;
            }
            if (nearest == null) {
                nearest = ticket;
            }
        }
        return new Position(live, live - holders, nearest == null ? null
                : new Participant(ticketsDir.resolve(nearest.name()), nearest.record(), nearest.osLocked()));
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
        Set<String> seen = new HashSet<>();
        try (DirectoryStream<Path> names = Files.newDirectoryStream(ticketsDir)) {
            for (Path path : names) {
                if (!seen.add(path.getFileName().toString())) {
                    continue; // a name deleted and re-created while we listed can be listed twice
                }
                Optional<Ticket> ticket = read(path);
                if (ticket.isEmpty()) {
                    continue;
                }
                if (Liveness.isAlive(ticket.get().record())) {
                    live.add(ticket.get());
                } else if (prune) {
                    SafePaths.deleteQuietly(path);
                }
            }
        } catch (NoSuchFileException e) {
            return live;
        }
        live.sort(FIFO);
        return live;
    }

    private Optional<Ticket> read(Path path) {
        String name = path.getFileName().toString();
        TicketName parsed = TicketName.parse(name);
        if (parsed == null || !parsed.exact()) {
            return Optional.empty();
        }
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

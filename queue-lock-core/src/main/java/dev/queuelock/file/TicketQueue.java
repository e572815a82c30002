package dev.queuelock.file;

import dev.queuelock.LockRecord;
import dev.queuelock.process.Liveness;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The waiting line, and where FIFO order is decided: tickets named {@code <ts>-<pid>} in
 * {@code tickets/}, served by (ts, pid) ascending. Only the owner of the oldest live ticket may
 * compete for the lock, so the fastest poller never wins.
 */
final class TicketQueue {

    private static final Pattern TICKET_NAME = Pattern.compile("(\\d{1,19})-(\\d{1,19})");

    /** The queue order: oldest enrollment first, pid breaking ties (as the npm tool sorts). */
    static final Comparator<Ticket> FIFO = Comparator.comparingLong(Ticket::ts).thenComparingLong(Ticket::pid);

    private final Path ticketsDir;

    TicketQueue(Path ticketsDir) {
        this.ticketsDir = ticketsDir;
    }

    /** A waiter's place in line. The name is the truth; the JSON inside adds lane, label, start. */
    static final class Ticket {
        private final String name;
        private final long ts;
        private final long pid;
        private final LockRecord record;

        Ticket(String name, long ts, long pid, LockRecord record) {
            this.name = name;
            this.ts = ts;
            this.pid = pid;
            this.record = record;
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
    }

    static String nameOf(long ts, long pid) {
        return ts + "-" + pid;
    }

    /** Enrolls (or re-enrolls, after the ticket vanished) under the given, original name. */
    void enroll(LockRecord record) throws IOException {
        Path ticket = ticketsDir.resolve(nameOf(record.ts(), record.pid()));
        try {
            SafePaths.createExclusive(ticket, RecordCodec.encode(record));
        } catch (FileAlreadyExistsException e) {
            SafePaths.requireOwned(ticket); // our own name already there: fine, unless it was planted
        }
    }

    void withdraw(long ts, long pid) {
        SafePaths.deleteQuietly(ticketsDir.resolve(nameOf(ts, pid)));
    }

    /**
     * The live tickets in queue order. Dead ones are removed on the way (whoever notices a dead
     * waiter cleans up after it); names that are not tickets are left alone.
     *
     * @param prune false to only look (for status), true to also delete dead tickets
     */
    List<Ticket> live(boolean prune) throws IOException {
        List<Ticket> live = new ArrayList<>();
        try (DirectoryStream<Path> names = Files.newDirectoryStream(ticketsDir)) {
            for (Path path : names) {
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

    private static Optional<Ticket> read(Path path) {
        String name = path.getFileName().toString();
        Matcher m = TICKET_NAME.matcher(name);
        if (!m.matches()) {
            return Optional.empty();
        }
        long ts;
        long pid;
        try {
            ts = Long.parseLong(m.group(1));
            pid = Long.parseLong(m.group(2));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        LockRecord fromName = new LockRecord(pid, "?", null, ts, null);
        LockRecord record = fromName;
        try (InputStream in = SafePaths.openOwned(path)) {
            if (in == null) {
                return Optional.empty(); // withdrawn while we listed
            }
            Optional<LockRecord> json = RecordCodec.decode(in);
            // Garbage or a mismatching body never changes the order: only the name does.
            if (json.isPresent() && json.get().pid() == pid) {
                record = json.get();
            }
        } catch (IOException unreadable) {
            // e.g. a directory under a ticket's name: keep what the name says
        }
        return Optional.of(new Ticket(name, ts, pid, record));
    }
}

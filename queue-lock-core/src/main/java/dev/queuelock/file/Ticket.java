package dev.queuelock.file;

import dev.queuelock.LockRecord;
import java.nio.file.Path;

/**
 * A participant as a waiter reads it, the one type for both kinds: a waiter's ticket in
 * {@code tickets/}, named {@code <ts>-<pid>}, or a holder's lock file ({@code lock}, {@code slot-2}, ...). It carries its place in
 * line ({@link #ts()}, {@link #pid()}, ordered by {@link FifoOrder}), its record once read, and
 * whether its owner OS-locks the file ({@link OsLockMark}), so the kernel tells when it goes.
 *
 * <p>A ticket's name is the truth about its place; the JSON inside adds lane, label and start, and
 * a body that is garbage or names another pid never moves it. Names are parsed by hand, not by a
 * regular expression: every waiter parses every name it is told of, on every change in the queue.
 */
final class Ticket {

    /** Longer numbers cannot fit in a long: no real ts or pid, so no ticket. */
    private static final int MAX_DIGITS = 19;

    private final String name;
    private final long ts;
    private final long pid;
    /** Null for a name parsed only to be ordered. */
    private final Path file;
    /** Null until the body is read. */
    private final LockRecord record;
    private final boolean osLocked;

    private Ticket(String name, long ts, long pid, Path file, LockRecord record, boolean osLocked) {
        this.name = name;
        this.ts = ts;
        this.pid = pid;
        this.file = file;
        this.record = record;
        this.osLocked = osLocked;
    }

    /** The file name of the ticket enrolled at {@code ts} by {@code pid}. */
    static String nameOf(long ts, long pid) {
        return ts + "-" + pid;
    }

    /** The ticket a file name stands for; null if it is no ticket name (or a number exceeds a long). */
    static Ticket parse(String name) {
        int dash = name.indexOf('-');
        long ts = number(name, 0, dash);
        long pid = ts < 0 ? -1 : number(name, dash + 1, name.length());
        return pid < 0 ? null : new Ticket(name, ts, pid, null, null, false);
    }

    /** A holder, as its slot's lock file names it: its place is when it took the lock. */
    static Ticket holder(Path lockFile, LockRecord record, boolean osLocked) {
        return new Ticket(lockFile.getFileName().toString(), record.ts(), record.pid(), lockFile, record, osLocked);
    }

    /** This ticket as the file {@code dir/name}. */
    Ticket in(Path dir) {
        return new Ticket(name, ts, pid, dir.resolve(name), record, osLocked);
    }

    /** This ticket with its body read. */
    Ticket withBody(LockRecord body, boolean locked) {
        return new Ticket(name, ts, pid, file, body, locked);
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

    /** The ticket or lock file; null for a name parsed only to be ordered. */
    Path file() {
        return file;
    }

    /** The body if it was read and is valid; else a record made from the name. */
    LockRecord record() {
        return record != null ? record : new LockRecord(pid, LockRecord.UNKNOWN_LANE, null, ts, null);
    }

    /** Whether the body was read and is valid. */
    boolean hasBody() {
        return record != null;
    }

    /** Whether the owner OS-locks the file: the kernel wakes a waiter on it when it lets go. */
    boolean osLocked() {
        return osLocked;
    }

    /** The digits' value; -1 if they are not 1 to 19 digits or exceed a long. */
    private static long number(String s, int from, int to) {
        if (to - from < 1 || to - from > MAX_DIGITS) {
            return -1;
        }
        long value = 0;
        for (int i = from; i < to; i++) {
            int digit = s.charAt(i) - '0';
            if (digit < 0 || digit > 9 || value > (Long.MAX_VALUE - digit) / 10) {
                return -1;
            }
            value = value * 10 + digit;
        }
        return value;
    }

    @Override
    public String toString() {
        return name;
    }
}

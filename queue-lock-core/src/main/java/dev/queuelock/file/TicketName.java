package dev.queuelock.file;

/**
 * A ticket's name, {@code <ts>-<pid>} (1 to 19 digits each): all that decides its place in line.
 * Parsed by hand, not by a regular expression: every waiter parses every name it is told of, on
 * every change in the queue.
 */
final class TicketName {

    private static final int MAX_DIGITS = 19;

    private final String name;
    private final long ts;
    private final long pid;
    private final boolean exact;

    private TicketName(String name, long ts, long pid, boolean exact) {
        this.name = name;
        this.ts = ts;
        this.pid = pid;
        this.exact = exact;
    }

    /** The name's numbers, or null if it is not a ticket name. */
    static TicketName parse(String name) {
        int dash = name.indexOf('-');
        if (!isDigits(name, 0, dash) || !isDigits(name, dash + 1, name.length())) {
            return null;
        }
        long ts = number(name, 0, dash);
        long pid = number(name, dash + 1, name.length());
        return new TicketName(name, ts, pid, ts >= 0 && pid >= 0);
    }

    /** The name as listed. */
    String name() {
        return name;
    }

    long ts() {
        return ts;
    }

    long pid() {
        return pid;
    }

    /** False when a number is too large for a long: it sorts last and can be no real ts or pid. */
    boolean exact() {
        return exact;
    }

    /** Served before {@code other}: older enrollment first, pid breaking ties (as the npm tool sorts). */
    boolean before(TicketName other) {
        return ts != other.ts ? Long.compareUnsigned(ts, other.ts) < 0 : Long.compareUnsigned(pid, other.pid) < 0;
    }

    private static boolean isDigits(String s, int from, int to) {
        if (to - from < 1 || to - from > MAX_DIGITS) {
            return false;
        }
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    /** The digits' value; -1 (sorting last, compared unsigned) if it does not fit in a long. */
    private static long number(String s, int from, int to) {
        long value = 0;
        for (int i = from; i < to; i++) {
            int digit = s.charAt(i) - '0';
            if (value > (Long.MAX_VALUE - digit) / 10) {
                return -1;
            }
            value = value * 10 + digit;
        }
        return value;
    }
}

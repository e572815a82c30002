package dev.queuelock.file;

import java.util.Comparator;
import java.util.List;

/**
 * Where FIFO order is decided: waiters are served by (ts, pid) ascending, compared as numbers -
 * the order the npm tool sorts {@code tickets/} in, so both tools agree on who is next. Only the
 * owner of the oldest live ticket may compete for the lock ({@link Turn}), so the fastest poller
 * never wins.
 */
final class FifoOrder {

    /** The order as a comparator, for sorting. */
    static final Comparator<Ticket> SERVED_FIRST = new ServedFirst();

    private FifoOrder() {
    }

    /** Oldest enrollment first, the lower pid breaking a tie (plain code: it runs cold, at every look). */
    static int compare(Ticket a, Ticket b) {
        return a.ts() != b.ts() ? Long.compare(a.ts(), b.ts()) : Long.compare(a.pid(), b.pid());
    }

    /** Whether {@code a} is served before {@code b}. */
    static boolean before(Ticket a, Ticket b) {
        return compare(a, b) < 0;
    }

    /** Whether the file {@code name} is a ticket served before {@code mine}. */
    static boolean before(String name, Ticket mine) {
        Ticket them = Ticket.parse(name);
        return them != null && before(them, mine);
    }

    /** A class of its own, not a method reference: a cold JVM links each reference at a cost, and every build sorts. */
    private static final class ServedFirst implements Comparator<Ticket> {
        @Override
        public int compare(Ticket a, Ticket b) {
            return FifoOrder.compare(a, b);
        }
    }

    /** The ticket served last among {@code tickets} (not empty): the one just ahead of a waiter behind them all. */
    static Ticket last(List<Ticket> tickets) {
        Ticket last = tickets.get(0);
        for (Ticket t : tickets) {
            if (before(last, t)) {
                last = t;
            }
        }
        return last;
    }
}

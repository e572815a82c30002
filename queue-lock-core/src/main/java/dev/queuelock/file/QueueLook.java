package dev.queuelock.file;

import dev.queuelock.LockRecord;
import dev.queuelock.process.Liveness;
import java.io.IOException;
import java.util.List;

/**
 * What one look at the queue saw, from one waiter's place: the holder, the live ticket just ahead,
 * how many are ahead. {@link Turn#decide} turns it into the next step; {@link #read} reads it from
 * disk, and is where the holder and the waiter ahead are judged alive (by {@link Liveness}'s rule).
 *
 * <p>A look reads as little as a decision needs: the lock, the names in {@code tickets/}, the body
 * of the nearest ticket ahead, and, while someone holds, the bodies of tickets ahead with the
 * holder's pid (to tell the holder's own ticket). A ticket further ahead counts as live unread: if
 * its owner died, the waiter just behind it finds out and removes it, and that deletion makes
 * this waiter look again.
 */
final class QueueLook {

    private final Ticket own;
    private final boolean enrolled;
    private final Ticket holder;
    private final boolean holderAlive;
    private final boolean holderEnded;
    private final Ticket nearest;
    private final boolean nearestAlive;
    private final int ahead;
    private final int holdersTickets;

    /**
     * @param enrolled       false if the waiter's own ticket is gone (deleted under it)
     * @param holder         the lock's holder; null if the lock is free or holds no valid record
     * @param holderEnded    the holder's own process has ended, and only processes it started keep the hold
     * @param nearest        the ticket just ahead; null if none is ahead
     * @param ahead          tickets ahead, the nearest included
     * @param holdersTickets tickets ahead that are the holder's own, not yet withdrawn ({@link HoldersTicket})
     */
    QueueLook(Ticket own, boolean enrolled, Ticket holder, boolean holderAlive, boolean holderEnded, Ticket nearest,
            boolean nearestAlive, int ahead, int holdersTickets) {
        this.own = own;
        this.enrolled = enrolled;
        this.holder = holder;
        this.holderAlive = holderAlive;
        this.holderEnded = holderEnded;
        this.nearest = nearest;
        this.nearestAlive = nearestAlive;
        this.ahead = ahead;
        this.holdersTickets = holdersTickets;
    }

    /** Looks at the queue from the place of {@code own}. */
    static QueueLook read(LockFile lock, TicketQueue tickets, Ticket own) throws IOException {
        Ticket holder = lock.holderTicket();
        boolean ownAlive = holder != null && Liveness.isAlive(holder.record().pid(), holder.record().start().orElse(null));
        boolean holderEnded = holder != null && !ownAlive && Liveness.keptByTree(holder.record());
        boolean holderAlive = ownAlive || holderEnded;
        List<Ticket> ahead = tickets.ahead(own);
        if (ahead == null) {
            return new QueueLook(own, false, holder, holderAlive, holderEnded, null, false, 0, 0);
        }
        Ticket nearest = null;
        while (nearest == null && !ahead.isEmpty()) {
            Ticket candidate = FifoOrder.last(ahead);
            nearest = tickets.read(candidate);
            if (nearest == null) {
                ahead.remove(candidate); // withdrawn since the listing
            }
        }
        boolean nearestAlive = nearest != null && Liveness.isAlive(nearest.record());
        int holders = holderAlive ? tickets.holdersTickets(ahead, holder.record()) : 0;
        return new QueueLook(own, true, holder, holderAlive, holderEnded, nearest, nearestAlive, ahead.size(), holders);
    }

    Ticket own() {
        return own;
    }

    boolean enrolled() {
        return enrolled;
    }

    Ticket holder() {
        return holder;
    }

    boolean holderAlive() {
        return holderAlive;
    }

    /** The live holders' records (one slot: none or one): what a waiter reports. */
    List<LockRecord> liveHolders() {
        return holderAlive ? List.of(holder.record()) : List.of();
    }

    /** The live holder's own process has ended: what it started keeps the hold until that ends. */
    boolean holderEnded() {
        return holderEnded;
    }

    Ticket nearest() {
        return nearest;
    }

    boolean nearestAlive() {
        return nearestAlive;
    }

    /**
     * What to tell the user: the tickets ahead, without the holder's own ticket, still there for
     * the moment between its taking the lock and withdrawing the ticket.
     */
    int shownAhead() {
        return ahead - holdersTickets;
    }
}

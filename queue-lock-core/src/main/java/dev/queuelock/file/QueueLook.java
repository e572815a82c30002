package dev.queuelock.file;

import dev.queuelock.LockRecord;
import dev.queuelock.process.Liveness;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What one look at the queue saw, from one waiter's place: the holders of the slots, the live
 * ticket just ahead, how many are ahead, and how many slots this waiter was told there are.
 * {@link Turn#decide} turns it into the next step; {@link #read} reads it from disk, and is where
 * the holders and the waiter ahead are judged alive (by {@link Liveness}'s rule).
 *
 * <p>A look reads as little as a decision needs: the names of the slot files and of
 * {@code tickets/}; then, unless its waiter is first in line with a slot no file claims, the slot
 * files, the body of the nearest ticket ahead, and, while someone holds, the bodies of tickets
 * ahead with a holder's pid (to tell a holder's own ticket). A ticket further ahead counts as
 * live unread: if its owner died, the waiter just behind it finds out and removes it, and that
 * deletion makes this waiter look again.
 */
final class QueueLook {

    /** One slot's holder as judged by this look. */
    static final class Holding {
        final Ticket ticket;
        /** Its own process runs, or processes it started keep its hold ({@link #ended}). */
        final boolean alive;
        /** Its own process has ended, and only processes it started keep the hold. */
        final boolean ended;

        Holding(Ticket ticket, boolean alive, boolean ended) {
            this.ticket = ticket;
            this.alive = alive;
            this.ended = ended;
        }

        int slot() {
            return QueueDirectory.slotOf(ticket.name());
        }
    }

    private final Ticket own;
    private final int slots;
    private final boolean enrolled;
    private final List<Holding> holdings;
    /** The slots a file claims: the holdings' own, or, for a look that judged none, every slot file's. */
    private final List<Integer> claimed;
    private final Ticket nearest;
    private final boolean nearestAlive;
    private final int ahead;
    private final int holdersTickets;

    /**
     * @param slots          how many may hold at once, as this waiter was told
     * @param enrolled       false if the waiter's own ticket is gone (deleted under it)
     * @param holdings       the slots' holders with a valid record, longest-held first
     * @param nearest        the ticket just ahead; null if none is ahead
     * @param ahead          tickets ahead, the nearest included
     * @param holdersTickets tickets ahead that are a live holder's own, not yet withdrawn ({@link HoldersTicket})
     */
    QueueLook(Ticket own, int slots, boolean enrolled, List<Holding> holdings, Ticket nearest, boolean nearestAlive, int ahead,
            int holdersTickets) {
        this(own, slots, enrolled, holdings, slotsOf(holdings), nearest, nearestAlive, ahead, holdersTickets);
    }

    private QueueLook(Ticket own, int slots, boolean enrolled, List<Holding> holdings, List<Integer> claimed, Ticket nearest,
            boolean nearestAlive, int ahead, int holdersTickets) {
        this.own = own;
        this.slots = slots;
        this.enrolled = enrolled;
        this.holdings = List.copyOf(holdings);
        this.claimed = List.copyOf(claimed);
        this.nearest = nearest;
        this.nearestAlive = nearestAlive;
        this.ahead = ahead;
        this.holdersTickets = holdersTickets;
    }

    /** Looks at the queue from the place of {@code own}, a waiter told there are {@code slots} slots. */
    static QueueLook read(SlotFiles slotFiles, TicketQueue tickets, Ticket own, int slots) throws IOException {
        List<Integer> present = slotFiles.present();
        List<Ticket> ahead = tickets.ahead(own);
        if (ahead != null && ahead.isEmpty() && present.size() < slots) {
            // First in line, and fewer slot files than slots: a slot is free whoever holds the
            // others, so none is read or judged. A freed slot is then handed on at the single
            // lock's cost, not one holder read per slot still held; a dead holder's slot is
            // reclaimed by the waiter that finds every slot claimed.
            return new QueueLook(own, slots, true, List.of(), present, null, false, 0, 0);
        }
        List<Holding> holdings = judgedHolders(slotFiles.holders(present));
        if (ahead == null) {
            return new QueueLook(own, slots, false, holdings, null, false, 0, 0);
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
        int holders = 0;
        for (Holding holding : holdings) {
            holders += holding.alive ? tickets.holdersTickets(ahead, holding.ticket.record()) : 0;
        }
        return new QueueLook(own, slots, true, holdings, nearest, nearestAlive, ahead.size(), holders);
    }

    private static List<Holding> judgedHolders(List<Ticket> holders) {
        List<Holding> holdings = new ArrayList<>(1);
        for (Ticket holder : holders) {
            LockRecord record = holder.record();
            boolean ownAlive = Liveness.isAlive(record.pid(), record.start().orElse(null));
            boolean ended = !ownAlive && Liveness.keptByTree(record);
            holdings.add(new Holding(holder, ownAlive || ended, ended));
        }
        return holdings;
    }

    private static List<Integer> slotsOf(List<Holding> holdings) {
        List<Integer> slots = new ArrayList<>(holdings.size());
        for (Holding holding : holdings) {
            slots.add(holding.slot());
        }
        return slots;
    }

    /** Slot 1 only, the npm tool's format: what tests of one slot read. */
    static QueueLook read(LockFile lock, TicketQueue tickets, Ticket own) throws IOException {
        return read(new SlotFiles(lock.directory()), tickets, own, 1);
    }

    Ticket own() {
        return own;
    }

    int slots() {
        return slots;
    }

    boolean enrolled() {
        return enrolled;
    }

    /** A slot whose holder is dead, longest-held first; null if every holder lives. */
    Holding deadHolding() {
        for (Holding holding : holdings) {
            if (!holding.alive) {
                return holding;
            }
        }
        return null;
    }

    /** The live holders' lock files as tickets, longest-held first: what a waiter first in line waits on. */
    List<Ticket> liveHolderTickets() {
        List<Ticket> live = new ArrayList<>(holdings.size());
        for (Holding holding : holdings) {
            if (holding.alive) {
                live.add(holding.ticket);
            }
        }
        return live;
    }

    /** The live holders' records, longest-held first: what a waiter reports. */
    List<LockRecord> liveHolders() {
        List<LockRecord> live = new ArrayList<>(holdings.size());
        for (Ticket ticket : liveHolderTickets()) {
            live.add(ticket.record());
        }
        return live;
    }

    /**
     * The slot to take: none (0) while as many live holders as slots hold, else the highest free
     * one up to {@link #slots}, so slot 1 - the npm tool's {@code lock}, the only one it takes - is
     * the last this lock takes.
     */
    int freeSlot() {
        if (liveHolderTickets().size() >= slots) {
            return 0;
        }
        boolean[] taken = new boolean[slots + 1];
        for (int slot : claimed) {
            if (slot <= slots) {
                taken[slot] = true;
            }
        }
        for (int slot = slots; slot >= 1; slot--) {
            if (!taken[slot]) {
                return slot;
            }
        }
        return 0;
    }

    /** The longest-held live holder's own process has ended: what it started keeps the hold until that ends. */
    boolean holderEnded() {
        for (Holding holding : holdings) {
            if (holding.alive) {
                return holding.ended;
            }
        }
        return false;
    }

    Ticket nearest() {
        return nearest;
    }

    boolean nearestAlive() {
        return nearestAlive;
    }

    /**
     * What to tell the user: the tickets ahead, without the holders' own tickets, still there for
     * the moment between taking a slot and withdrawing the ticket.
     */
    int shownAhead() {
        return ahead - holdersTickets;
    }
}

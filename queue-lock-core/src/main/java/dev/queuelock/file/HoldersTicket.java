package dev.queuelock.file;

import dev.queuelock.LockRecord;
import java.util.Objects;

/**
 * Tells the holder's own ticket among the waiters. A holder takes the lock first and withdraws its
 * ticket just after (withdrawing first would let the next waiter compete before the lock is
 * taken), so for a moment the queue shows it both holding and waiting. Every reader that shows
 * the queue - status, its JSON, wait lines, the benchmark's counts - leaves that ticket out.
 *
 * <p>It is the holder's if written by the same process (pid, and start token where both have one),
 * with the same lane and label, enrolled no later than the lock was taken. Only a process waiting
 * twice on one queue - which one acquire never does - could have a second ticket matching that.
 * FIFO decisions never use this: a waiter still waits for the ticket until it is gone.
 */
final class HoldersTicket {

    private HoldersTicket() {
    }

    static boolean isHolders(LockRecord holder, LockRecord ticket) {
        return holder.pid() == ticket.pid()
                && (holder.start().isEmpty() || ticket.start().isEmpty() || holder.start().equals(ticket.start()))
                && holder.lane().equals(ticket.lane())
                && Objects.equals(holder.label(), ticket.label())
                && ticket.ts() <= holder.ts()
                && Objects.equals(holder.host(), ticket.host());
    }
}

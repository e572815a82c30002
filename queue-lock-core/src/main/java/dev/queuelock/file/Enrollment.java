package dev.queuelock.file;

import dev.queuelock.LockRecord;
import java.io.IOException;
import java.nio.file.NoSuchFileException;

/**
 * A waiter's place in line for one acquire: its ticket, enrolled under one name for the whole
 * wait, re-enrolled under that same name if it vanishes (so the waiter never jumps the queue),
 * withdrawn once the lock is held or the wait is given up. Holds the ticket file's OS lock
 * meanwhile, so the kernel wakes the waiter behind when it goes, however it goes.
 */
final class Enrollment {

    private final TicketQueue tickets;
    private final LockRecord record;
    private final QueueDirectory recreate;
    private final Ticket ticket;
    private HeldFile file;
    private boolean withdrawn;

    Enrollment(TicketQueue tickets, LockRecord record) {
        this(tickets, record, null);
    }

    /**
     * @param recreate the queue directory to make again (or null): an idle one can be removed
     *                 between the waiter's look at it and its enrollment (by uninstall, or a tmp cleaner)
     */
    Enrollment(TicketQueue tickets, LockRecord record, QueueDirectory recreate) {
        this.tickets = tickets;
        this.record = record;
        this.recreate = recreate;
        this.ticket = Ticket.parse(Ticket.nameOf(record.ts(), record.pid()));
    }

    /** The record the ticket holds. */
    LockRecord record() {
        return record;
    }

    /** The ticket's place in line. */
    Ticket ticket() {
        return ticket;
    }

    /** Enrolls, or re-enrolls after the ticket vanished, keeping the OS lock of the newest file; nothing once withdrawn. */
    void enroll() throws IOException {
        HeldFile created;
        try {
            created = tickets.enroll(record);
        } catch (NoSuchFileException directoryGone) {
            if (recreate != null) {
                recreate.prepare();
            }
            created = tickets.enroll(record);
        }
        HeldFile old;
        synchronized (this) {
            if (withdrawn) {
                old = created; // withdrawn while we enrolled: take it back out
                tickets.withdraw(record.ts(), record.pid());
            } else if (created == null) {
                return; // our name was there already: keep the lock we hold
            } else {
                old = file; // the vanished file's inode: no waiter can find it by name any more
                file = created;
            }
        }
        if (old != null) {
            old.close();
        }
    }

    /** Deletes the ticket, then drops its OS lock (in that order: a woken successor finds it gone). Idempotent. */
    void withdraw() {
        HeldFile held;
        synchronized (this) {
            withdrawn = true;
            held = file;
            file = null;
        }
        tickets.withdraw(record.ts(), record.pid());
        if (held != null) {
            held.close();
        }
    }
}

package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import dev.queuelock.json.RecordJson;
import dev.queuelock.process.ProcessStart;
import dev.queuelock.spi.Queue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A waiter's place in line, and what a look reads to find it. */
class TicketQueueTest {

    private static final long SELF = ProcessHandle.current().pid();

    @TempDir
    Path tickets;

    /**
     * A waiter that enrolls behind 30 others must not open 30 files at the moment of a hand-off:
     * only the ticket just ahead is read and judged, so dead tickets further ahead stay for the
     * waiters just behind them to find.
     */
    @Test
    void readsAndJudgesOnlyTheTicketJustAhead() throws Exception {
        long dead = deadPid();
        for (int ts = 100; ts < 130; ts++) {
            ticket(ts, dead, "lane");
        }
        ticket(130, SELF, "lane");

        QueueLook look = look(ticket(500, SELF, "lane"));

        assertThat(look.shownAhead()).isEqualTo(31);
        assertThat(look.nearest().name()).isEqualTo(Ticket.nameOf(130, SELF));
        assertThat(look.nearestAlive()).isTrue();
        assertThat(tickets.resolve(Ticket.nameOf(100, dead))).as("not judged").exists();
    }

    @Test
    void aDeadTicketJustAheadIsJudgedDeadAndItsRemovalShowsTheNextOne() throws Exception {
        long dead = deadPid();
        ticket(1, SELF, "lane");
        ticket(2, dead, "lane");
        TicketQueue queue = new TicketQueue(tickets);
        String mine = ticket(3, SELF, "lane");

        QueueLook first = QueueLook.read(new LockFile(QueueDirectory.of(Queue.in(tickets, "q", "r"))), queue, Ticket.parse(mine));
        assertThat(Turn.decide(first).step()).isEqualTo(Turn.Step.REMOVE_DEAD_TICKET);
        queue.remove(first.nearest());

        QueueLook second = look(mine);
        assertThat(second.shownAhead()).isEqualTo(1);
        assertThat(second.nearest().name()).isEqualTo(Ticket.nameOf(1, SELF));
        assertThat(tickets.resolve(Ticket.nameOf(2, dead))).doesNotExist();
    }

    /** Between taking the lock and withdrawing its ticket, the holder is still in line, but not shown there. */
    @Test
    void theHoldersOwnTicketCountsButIsNotShownEvenFarAhead() throws Exception {
        ticket(1, SELF, "holder");
        ticket(2, SELF, "other");
        ticket(3, SELF, "other");
        LockRecord holder = new LockRecord(SELF, "holder", null, 10, ProcessStart.current());

        TicketQueue queue = new TicketQueue(tickets);
        List<Ticket> ahead = queue.ahead(Ticket.parse(ticket(20, SELF, "me")));

        assertThat(ahead).hasSize(3);
        assertThat(queue.holdersTickets(ahead, holder)).isEqualTo(1);
    }

    @Test
    void aVanishedOwnTicketSaysSo() throws Exception {
        ticket(1, SELF, "lane");

        QueueLook look = look(Ticket.nameOf(2, SELF));

        assertThat(look.enrolled()).isFalse();
        assertThat(Turn.decide(look).step()).isEqualTo(Turn.Step.REENROLL);
    }

    /**
     * First in line with a slot no file claims, a waiter takes it without reading the other slots'
     * holders (a freed slot's hand-off costs what the single lock's does); a dead holder's slot is
     * reclaimed by the waiter that finds every slot claimed.
     */
    @Test
    void aFreeSlotIsTakenUnjudgedAndADeadHoldersSlotIsReclaimedOnceEverySlotIsClaimed() throws Exception {
        QueueDirectory queue = QueueDirectory.of(Queue.in(tickets, "q", "r"));
        Files.createDirectories(queue.ticketsDir());
        Files.write(queue.slotFile(2), RecordJson.encode(new LockRecord(deadPid(), "crashed", null, 5, null)));
        String mine = Ticket.nameOf(20, SELF);
        Files.write(queue.ticketsDir().resolve(mine), RecordJson.encode(new LockRecord(SELF, "me", null, 20, ProcessStart.current())));
        SlotFiles slots = new SlotFiles(queue);
        TicketQueue line = new TicketQueue(queue.ticketsDir());

        Turn twoSlots = Turn.decide(QueueLook.read(slots, line, Ticket.parse(mine), 2));
        assertThat(twoSlots.step()).isEqualTo(Turn.Step.TAKE);
        assertThat(twoSlots.slot()).isEqualTo(1);

        Turn oneSlot = Turn.decide(QueueLook.read(slots, line, Ticket.parse(mine), 1));
        assertThat(oneSlot.step()).isEqualTo(Turn.Step.RECLAIM_DEAD_LOCK);
        assertThat(oneSlot.slot()).isEqualTo(2);
    }

    /** A look from the place of the ticket {@code mine}, with no lock file. */
    private QueueLook look(String mine) throws Exception {
        return QueueLook.read(new LockFile(QueueDirectory.of(Queue.in(tickets, "q", "r"))), new TicketQueue(tickets), Ticket.parse(mine));
    }

    /** Writes a ticket of {@code pid} with a valid body; returns its name. */
    private String ticket(long ts, long pid, String lane) throws Exception {
        String name = Ticket.nameOf(ts, pid);
        String start = pid == SELF ? ProcessStart.current() : null;
        Files.write(tickets.resolve(name), RecordJson.encode(new LockRecord(pid, lane, null, ts, start)));
        return name;
    }

    /** The pid of a process that has exited (and been reaped). */
    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }
}

package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import dev.queuelock.process.ProcessStart;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A waiter's place in line, and what it reads to find it. */
class TicketQueueTest {

    private static final long SELF = ProcessHandle.current().pid();

    @TempDir
    Path tickets;

    /** A waiter that enrolls behind 30 others must not open 30 files at the moment of a hand-off. */
    @Test
    void readsTheBodyOnlyOfTheTicketJustAhead() throws Exception {
        for (int ts = 100; ts < 130; ts++) {
            ticket(ts, SELF, "lane");
        }
        TicketQueue queue = new TicketQueue(tickets);

        TicketQueue.Position position = queue.position(ticket(500, SELF, "lane"), null);

        assertThat(position.ahead()).isEqualTo(30);
        assertThat(position.predecessorName()).isEqualTo(TicketQueue.nameOf(129, SELF));
        assertThat(queue.bodiesRead()).isEqualTo(1);
    }

    @Test
    void aDeadTicketJustAheadIsRemovedAndTheNextOneJudged() throws Exception {
        long dead = deadPid();
        ticket(1, SELF, "lane");
        ticket(2, dead, "lane");

        TicketQueue.Position position = new TicketQueue(tickets).position(ticket(3, SELF, "lane"), null);

        assertThat(position.ahead()).isEqualTo(1);
        assertThat(position.predecessorName()).isEqualTo(TicketQueue.nameOf(1, SELF));
        assertThat(tickets.resolve(TicketQueue.nameOf(2, dead))).doesNotExist();
    }

    /** Between taking the lock and withdrawing its ticket, the holder is still in line, but not shown there. */
    @Test
    void theHoldersOwnTicketCountsButIsNotShownEvenFarAhead() throws Exception {
        ticket(1, SELF, "holder");
        ticket(2, SELF, "other");
        ticket(3, SELF, "other");
        LockRecord holder = new LockRecord(SELF, "holder", null, 10, ProcessStart.current());

        TicketQueue.Position position = new TicketQueue(tickets).position(ticket(20, SELF, "me"), holder);

        assertThat(position.ahead()).isEqualTo(3);
        assertThat(position.shownAhead()).isEqualTo(2);
    }

    @Test
    void aVanishedOwnTicketSaysSo() throws Exception {
        ticket(1, SELF, "lane");

        assertThat(new TicketQueue(tickets).position(TicketQueue.nameOf(2, SELF), null).ahead()).isEqualTo(-1);
    }

    /** Writes a ticket of {@code pid} with a valid body; returns its name. */
    private String ticket(long ts, long pid, String lane) throws Exception {
        String name = TicketQueue.nameOf(ts, pid);
        String start = pid == SELF ? ProcessStart.current() : null;
        Files.write(tickets.resolve(name), RecordCodec.encode(new LockRecord(pid, lane, null, ts, start)));
        return name;
    }

    /** The pid of a process that has exited (and been reaped). */
    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }
}

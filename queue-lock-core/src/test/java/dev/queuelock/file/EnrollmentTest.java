package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import dev.queuelock.process.ProcessStart;
import dev.queuelock.spi.Queue;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A waiter's ticket: back under its own name when it vanishes, and never back once withdrawn. */
class EnrollmentTest {

    @TempDir
    Path tickets;

    @Test
    void reEnrollsUnderItsOriginalNameAndStaysOutOnceWithdrawn() throws Exception {
        LockRecord mine = new LockRecord(ProcessHandle.current().pid(), "lane", null, 42, ProcessStart.current());
        Enrollment enrollment = new Enrollment(new TicketQueue(tickets), mine);
        Path file = tickets.resolve(enrollment.ticket().name());

        enrollment.enroll();
        assertThat(file).exists();
        Files.delete(file); // a tmp cleaner
        enrollment.enroll();
        assertThat(file).as("back at its place").exists();

        enrollment.withdraw();
        assertThat(file).doesNotExist();
        enrollment.enroll(); // a wait given up by release() on another thread, still looking
        assertThat(file).as("a withdrawn waiter never enrolls again").doesNotExist();
        enrollment.withdraw();
    }

    /** Uninstall removes an idle queue directory; a waiter enrolling just then makes it again. */
    @Test
    void aQueueDirectoryRemovedBeforeTheTicketIsWrittenIsMadeAgain() throws Exception {
        QueueDirectory queue = QueueDirectory.of(Queue.in(tickets, "build", "repo"));
        LockRecord mine = new LockRecord(ProcessHandle.current().pid(), "lane", null, 43, ProcessStart.current());
        Enrollment enrollment = new Enrollment(new TicketQueue(queue.ticketsDir()), mine, queue);
        assertThat(queue.path()).doesNotExist();

        enrollment.enroll();

        assertThat(queue.ticketsDir().resolve(enrollment.ticket().name())).exists();
        enrollment.withdraw();
    }
}

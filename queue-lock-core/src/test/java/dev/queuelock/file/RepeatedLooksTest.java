package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueReader;
import dev.queuelock.process.ProcessStart;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.PlantedQueue;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A watch's reader keeps the tickets it read between looks: what it decides to read again and
 * what it drops, on a queue planted by hand with real processes as holder and waiters. Whatever
 * it kept, it shows what a fresh snapshot shows of who holds and who waits.
 */
class RepeatedLooksTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    private PlantedQueue queue;
    private ChildProcess holder;
    private ChildProcess first;
    private ChildProcess second;
    private Path firstTicket;
    private Path secondTicket;
    private QueueReader reader;

    @BeforeEach
    void plantAHolderAndTwoWaiters() throws Exception {
        queue = PlantedQueue.in(tmp);
        holder = children.sleeper(tmp.resolve("holder.log"));
        first = children.sleeper(tmp.resolve("first.log"));
        second = children.sleeper(tmp.resolve("second.log"));
        Files.createDirectories(queue.directory().ticketsDir());
        long now = System.currentTimeMillis();
        plant(queue.directory().lockFile(), holder.pid(), now, "lane-h");
        firstTicket = queue.directory().ticketsDir().resolve((now - 20) + "-" + first.pid());
        secondTicket = queue.directory().ticketsDir().resolve((now - 10) + "-" + second.pid());
        plant(firstTicket, first.pid(), now - 20, "lane-a");
        plant(secondTicket, second.pid(), now - 10, "lane-b");
        reader = queue.reader();
        assertThat(reader.look().waiters()).extracting(LockRecord::lane).containsExactly("lane-a", "lane-b");
    }

    @Test
    @Timeout(60)
    void anUnchangedTicketIsNotReadAgain() throws Exception {
        // Rewritten in place with a body of the same size and its old time: to a look, the same file.
        FileTime before = Files.getLastModifiedTime(firstTicket);
        Files.write(firstTicket, body(first.pid(), tsOf(firstTicket), "lane-c"), StandardOpenOption.TRUNCATE_EXISTING);
        Files.setLastModifiedTime(firstTicket, before);

        assertThat(reader.look().waiters()).extracting(LockRecord::lane).containsExactly("lane-a", "lane-b");
        assertThat(queue.snapshot().waiters()).as("a fresh snapshot reads it").extracting(LockRecord::lane)
                .containsExactly("lane-c", "lane-b");
    }

    @Test
    @Timeout(60)
    void aChangedTicketIsReadAgain() throws Exception {
        Files.write(firstTicket, body(first.pid(), tsOf(firstTicket), "lane-changed"), StandardOpenOption.TRUNCATE_EXISTING);

        assertThat(reader.look().waiters()).extracting(LockRecord::lane).containsExactly("lane-changed", "lane-b");
    }

    @Test
    @Timeout(60)
    void aRemovedTicketIsGoneAndForgotten() throws Exception {
        Files.delete(firstTicket);

        assertThat(reader.look().waiters()).extracting(LockRecord::lane).containsExactly("lane-b");
        assertThat(((RepeatedLooks) reader).keptTickets()).isEqualTo(1);
    }

    @Test
    @Timeout(60)
    void aKilledWaiterIsNoLongerShown() {
        second.kill9();

        assertThat(reader.look().waiters()).extracting(LockRecord::lane).containsExactly("lane-a");
    }

    @Test
    @Timeout(60)
    void aKilledHolderIsNoLongerShown() {
        assertThat(reader.look().holders()).extracting(LockRecord::lane).containsExactly("lane-h");

        holder.kill9();

        assertThat(reader.look().holders()).isEmpty();
        assertThat(reader.look().waiters()).extracting(LockRecord::lane).containsExactly("lane-a", "lane-b");
    }

    @Test
    @Timeout(60)
    void aWaiterWhosePidNowNamesAnotherProcessIsNotShown() throws Exception {
        // The record's start token is not the running process's: its pid was given to another.
        Files.delete(secondTicket);
        Files.write(secondTicket, ("{\"pid\":" + second.pid() + ",\"lane\":\"lane-b\",\"label\":\"mvn verify\",\"ts\":"
                + tsOf(secondTicket) + ",\"start\":\"" + ProcessStart.of(second.pid()).orElseThrow() + "0\"}")
                .getBytes(StandardCharsets.UTF_8));

        assertThat(reader.look().waiters()).extracting(LockRecord::lane).containsExactly("lane-a");
    }

    @Test
    @Timeout(60)
    void aFreedQueueShowsNoHolderAndAGoneDirectoryNothing() throws Exception {
        Files.delete(queue.directory().lockFile());
        assertThat(reader.look().holders()).isEmpty();

        Files.delete(firstTicket);
        Files.delete(secondTicket);
        Files.delete(queue.directory().ticketsDir());
        assertThat(reader.look().waiters()).isEmpty();
        assertThat(((RepeatedLooks) reader).keptTickets()).isZero();
        assertThat(first.exitsWithin(Duration.ZERO)).as("nothing was done to the waiters").isFalse();
    }

    private static long tsOf(Path ticket) {
        String name = ticket.getFileName().toString();
        return Long.parseLong(name.substring(0, name.indexOf('-')));
    }

    private static void plant(Path file, long pid, long ts, String lane) {
        PlantedQueue.plant(file, pid, ts, lane);
    }

    private static byte[] body(long pid, long ts, String lane) {
        return PlantedQueue.record(pid, ts, lane);
    }
}

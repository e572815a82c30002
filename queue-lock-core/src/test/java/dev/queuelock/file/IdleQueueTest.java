package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.file.IdleQueue.Removal;
import dev.queuelock.json.RecordJson;
import dev.queuelock.process.ProcessStart;
import dev.queuelock.spi.Queue;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** What uninstall may remove from the temp dir: a queue directory nobody holds or waits in, and nothing else. */
@Timeout(60)
class IdleQueueTest {

    private static final long SELF = ProcessHandle.current().pid();

    @TempDir
    Path tmp;

    private QueueDirectory dir;

    @BeforeEach
    void setUp() {
        dir = QueueDirectory.of(Queue.in(tmp, "build", "key"));
    }

    @Test
    void aQueueThatWasNeverUsedIsAbsent() throws Exception {
        assertThat(IdleQueue.removeIfIdle(dir)).isEqualTo(Removal.ABSENT);
    }

    @Test
    void aLiveHolderKeepsItsQueueUntilItReleases() throws Exception {
        QueueLock lock = QueueLockFactory.defaults().withTmpDir(tmp).open("build", "key", "lane");
        lock.acquire(AcquireOptions.defaults().withLabel("verify"));

        assertThat(IdleQueue.removeIfIdle(dir)).isEqualTo(Removal.IN_USE);
        assertThat(dir.lockFile()).as("the holder's lock").exists();

        lock.release();
        assertThat(IdleQueue.removeIfIdle(dir)).isEqualTo(Removal.REMOVED);
        assertThat(dir.path()).doesNotExist();
    }

    @Test
    void aLiveWaitersTicketKeepsTheQueue() throws Exception {
        dir.prepare();
        Path ticket = ticket(new LockRecord(SELF, "lane", "verify", 10, ProcessStart.current()));

        assertThat(IdleQueue.removeIfIdle(dir)).isEqualTo(Removal.IN_USE);

        assertThat(ticket).exists();
    }

    @Test
    void whatTheDeadLeftIsRemovedWithTheDirectory() throws Exception {
        dir.prepare();
        long dead = deadPid();
        Files.write(dir.lockFile(), RecordJson.encode(new LockRecord(dead, "crashed", "verify", 10, null)));
        ticket(new LockRecord(dead, "crashed too", "verify", 11, null));
        Files.write(dir.path().resolve("lock." + dead + ".tmp"), new byte[0]);

        assertThat(IdleQueue.removeIfIdle(dir)).isEqualTo(Removal.REMOVED);

        assertThat(dir.path()).doesNotExist();
    }

    @Test
    void aFileThatIsNoQueuesIsLeftAndSoIsTheDirectory() throws Exception {
        dir.prepare();
        Path note = Files.writeString(dir.path().resolve("notes.txt"), "mine\n");

        assertThat(IdleQueue.removeIfIdle(dir)).isEqualTo(Removal.OTHER_FILES);

        assertThat(note).exists();
    }

    /** The pid of a process that has exited (and been reaped). */
    private static long deadPid() throws Exception {
        Process p = new ProcessBuilder("true").start();
        p.waitFor();
        return p.pid();
    }

    private Path ticket(LockRecord record) throws Exception {
        return Files.write(dir.ticketsDir().resolve(Ticket.nameOf(record.ts(), record.pid())), RecordJson.encode(record));
    }
}

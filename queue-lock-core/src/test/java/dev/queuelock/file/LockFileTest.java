package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import dev.queuelock.json.RecordJson;
import dev.queuelock.process.ProcessStart;
import dev.queuelock.spi.Queue;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reclaiming a dead holder's lock: only the lock that was judged, never one taken since. */
class LockFileTest {

    private static final long SELF = ProcessHandle.current().pid();

    @TempDir
    Path tmp;

    private QueueDirectory dir;
    private LockFile lock;

    @BeforeEach
    void setUp() throws Exception {
        dir = QueueDirectory.of(Queue.in(tmp, "build", "key"));
        dir.prepare();
        lock = new LockFile(dir);
    }

    @Test
    void theRecordJudgedDeadIsRemovedWithoutBeingJudgedAgain() throws Exception {
        // Alive by every rule (this very process): removed all the same, as the caller judged it dead.
        LockRecord judged = new LockRecord(SELF, "lane", null, 10, ProcessStart.current());
        write(judged);

        lock.reclaimDead(judged);

        assertThat(dir.lockFile()).doesNotExist();
    }

    @Test
    void aLiveHolderThatTookTheLockSinceKeepsIt() throws Exception {
        LockRecord judged = new LockRecord(SELF, "dead lane", null, 10, "linux:gone:1");
        LockRecord live = new LockRecord(SELF, "live lane", null, 20, ProcessStart.current());
        write(live);

        lock.reclaimDead(judged);

        assertThat(lock.holder()).contains(live);
    }

    @Test
    void aDeadHolderThatTookTheLockSinceIsJudgedAndRemoved() throws Exception {
        LockRecord judged = new LockRecord(SELF, "dead lane", null, 10, "linux:gone:1");
        write(new LockRecord(SELF, "another dead lane", null, 20, "linux:gone:2"));

        lock.reclaimDead(judged);

        assertThat(dir.lockFile()).doesNotExist();
    }

    private void write(LockRecord record) throws Exception {
        Files.write(dir.lockFile(), RecordJson.encode(record));
    }
}

package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.json.RecordJson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A holder whose process runs builds for others (an mvnd daemon) is named as the build in that
 * process, never as a pid to stop (stopping it stops every build in it), in the record every backend and the npm tool
 * read, and in what waiters and status see.
 */
class DaemonHolderTest {

    @TempDir
    Path tmp;

    @Test
    void theRecordSaysWhatTheProcessIsAndTheNpmToolsKeysComeFirst() {
        LockRecord record = new LockRecord(4242, "lane-1", "verify", 1_700_000_000_000L, "s1").withRunsIn("mvnd daemon");

        String json = new String(RecordJson.encode(record), StandardCharsets.UTF_8);

        assertThat(json).isEqualTo("{\"pid\":4242,\"lane\":\"lane-1\",\"label\":\"verify\",\"ts\":1700000000000,"
                + "\"start\":\"s1\",\"in\":\"mvnd daemon\"}");
        assertThat(RecordJson.decode(json.getBytes(StandardCharsets.UTF_8))).contains(record);
        assertThat(record.describe()).isEqualTo("lane lane-1 (verify), in mvnd daemon 4242");
        assertThat(record.withRunsIn(null).describe()).isEqualTo("lane lane-1 (verify), pid 4242");
        assertThat(record.at(5L).runsIn()).contains("mvnd daemon");
    }

    @Test
    @Timeout(60)
    void aHolderInADaemonIsNamedSoInTheLockFileAndTheSnapshot() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        QueueLockFactory factory = QueueLockFactory.defaults().withTmpDir(tmp);
        QueueLock holder = factory.open("build", repo);
        try {
            holder.acquire(AcquireOptions.defaults().withLabel("verify").withRunsIn("mvnd daemon"));

            LockRecord seen = factory.snapshot("build", repo).holders().stream().findFirst().orElseThrow();
            assertThat(seen.runsIn()).contains("mvnd daemon");
            assertThat(seen.pid()).isEqualTo(ProcessHandle.current().pid());
            assertThat(seen.describe()).endsWith("(verify), in mvnd daemon " + ProcessHandle.current().pid());
        } finally {
            holder.release();
        }
    }
}

package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.json.RecordJson;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a holder's output goes, when not where it was started, is the holder's word, written in its
 * record: the one place a waiter warned of a long hold learns where to look. The npm tool's keys
 * come first and it ignores this one.
 */
class HolderOutputTest {

    @TempDir
    Path tmp;

    @Test
    void theRecordCarriesWhereTheOutputGoesAfterTheNpmToolsKeys() {
        LockRecord record = new LockRecord(2843, "lane-3", "checks", 1_700_000_000_000L, "s1").withOutput("/repo/.git/logs");

        String json = new String(RecordJson.encode(record), StandardCharsets.UTF_8);

        assertThat(json).isEqualTo("{\"pid\":2843,\"lane\":\"lane-3\",\"label\":\"checks\",\"ts\":1700000000000,"
                + "\"start\":\"s1\",\"output\":\"/repo/.git/logs\"}");
        assertThat(RecordJson.decode(json.getBytes(StandardCharsets.UTF_8))).contains(record);
        assertThat(record.at(5L).withRunsIn("d").withSlots(2, false).output()).contains("/repo/.git/logs");
        assertThat(record.withOutput(null).output()).isEmpty();
    }

    @Test
    @Timeout(60)
    void aHolderThatNamesItsOutputIsLookedAtThereWhenItHoldsFarPastItsUsual() throws Exception {
        Path repo = Files.createDirectories(tmp.resolve("repo"));
        QueueLockFactory factory = QueueLockFactory.defaults().withTmpDir(tmp);
        QueueLock holder = factory.open("build", repo);
        try {
            holder.acquire(AcquireOptions.defaults().withLabel("checks of lane-3").withOutput("/repo/.git/logs"));

            LockRecord seen = factory.snapshot("build", repo).holders().stream().findFirst().orElseThrow();
            assertThat(seen.output()).contains("/repo/.git/logs");
            WaitEvent farPast = new WaitEvent(0, List.of(seen), Duration.ofMinutes(25), true)
                    .withUsualHold(new UsualHold(Duration.ofMinutes(4), "checks"));
            assertThat(new WaitText("Build queue", "build").line(farPast).orElseThrow())
                    .contains("; look at lane " + seen.lane() + "'s checks of lane-3 and its output, the newest file in /repo/.git/logs;"
                            + " a live holder is never forced out.");
        } finally {
            holder.release();
        }
    }
}

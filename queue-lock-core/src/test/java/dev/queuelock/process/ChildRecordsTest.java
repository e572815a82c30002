package dev.queuelock.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;

/**
 * A holder's recorded children are found by whoever looks, however that JVM read the holder's
 * start: on Linux two JVMs can read one process's JDK start a second apart. A full suite run failed
 * so, three times: a test found none of a lander's recorded checks, which were on disk.
 */
class ChildRecordsTest {

    private final ChildRecords records = ChildRecords.forThisUser();
    private final Processes portable = new PortableProcesses("test");

    @Test
    void aHoldersChildrenAreFoundUnderItsStartReadASecondApartAndNotTwo() {
        // A holder pid no process has (above Linux's pid_max), a child that runs: this JVM.
        long holder = 5_000_000_000L + ThreadLocalRandom.current().nextInt(1_000_000);
        long child = ProcessHandle.current().pid();
        String childStart = portable.startToken(child).orElseThrow();
        records.add(holder, "epoch-ms:1796682222680", child, childStart);
        try {
            assertThat(records.alive(holder, "epoch-ms:1796682223680", portable)).containsExactly(child);
            assertThat(records.recorded(holder, "epoch-ms:1796682221680")).hasSize(1);
            assertThat(records.alive(holder, "epoch-ms:1796682224680", portable)).as("another holder that got the pid").isEmpty();
        } finally {
            records.remove(holder, "epoch-ms:1796682222680", child);
        }
        assertThat(records.recorded(holder, "epoch-ms:1796682222680")).isEmpty();
    }
}

package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class StatusReportTest {

    private final StatusReport report = new StatusReport(100_000)
            .add("build", "repo", new QueueSnapshot(Path.of("/tmp/b"), new LockRecord(11, "wt-a", "verify", 40_000, null),
                    List.of(new LockRecord(22, "wt-b", "validate", 90_000, "s"), new LockRecord(33, "wt-c", null, 95_000, null))))
            .add("land", "repo", new QueueSnapshot(Path.of("/tmp/l"), null, List.of()));

    @Test
    void linesShowHolderAndWaitersInOrder() {
        assertThat(report.lines()).containsExactly(
                "build queue (repo scope): /tmp/b",
                "  holder: lane wt-a (verify), pid 11, holding for 1m 00s",
                "  1. lane wt-b (validate), pid 22, waiting for 10.0 s",
                "  2. lane wt-c, pid 33, waiting for 5.0 s",
                "land queue (repo scope): /tmp/l",
                "  holder: none",
                "  waiting: none");
    }

    @Test
    void jsonHasBothQueues() throws Exception {
        JsonNode doc = new ObjectMapper().readTree(report.json());
        assertThat(doc.at("/build/holder/heldMillis").asLong()).isEqualTo(60_000);
        assertThat(doc.at("/build/waiters/1/lane").asText()).isEqualTo("wt-c");
        assertThat(doc.at("/build/waiters/0/waitingMillis").asLong()).isEqualTo(10_000);
        assertThat(doc.at("/land/holder").isNull()).isTrue();
    }
}

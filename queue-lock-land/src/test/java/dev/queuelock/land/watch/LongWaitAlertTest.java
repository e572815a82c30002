package dev.queuelock.land.watch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.notify.Notifier;
import dev.queuelock.slots.UsageHistory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A build waiting far past a usual build is told of, the usual build taken from builds under fixed slots too. */
class LongWaitAlertTest {

    private static final long NOW = 1_764_720_000_000L;
    private static final long MINUTE = 60_000;

    @TempDir
    Path dir;

    @Test
    void aWaitIsMeasuredAgainstTheBuildsThatRanUnderAFixedNumberOfSlots() throws Exception {
        Path queueDir = Files.createDirectories(dir.resolve("q-build"));
        StringBuilder history = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            // As the extension appends a build under the default slot: its times alone, 15 minutes each.
            history.append("\n{\"start\":").append(NOW - (60 - 16 * i) * MINUTE).append(",\"wallMs\":").append(15 * MINUTE)
                    .append(",\"cpuMs\":-1,\"peakBytes\":-1,\"source\":\"times\",\"lane\":\"a\",\"pid\":").append(100 + i)
                    .append(",\"waitMs\":0}");
        }
        Files.writeString(queueDir.resolve(UsageHistory.NAME), history);
        Path told = dir.resolve("told.jsonl");
        Alerts alerts = new Alerts(new Notifier(List.of("sh", "-c", "cat >> \"$0\"", told.toString()), line -> { }));

        alerts.check(waiting(queueDir, 20 * MINUTE));
        assertThat(told).as("20 min is not far past a 15-min build").doesNotExist();

        alerts.check(waiting(queueDir, 50 * MINUTE));
        assertThat(Files.readString(told)).contains("\"event\":\"waiting\"").contains("a build usually takes 900 s");
    }

    private static WatchModel waiting(Path queueDir, long waitedMillis) {
        QueueSnapshot build = new QueueSnapshot(queueDir, List.of(new LockRecord(1, "h", "verify", NOW - 90 * MINUTE, null)),
                List.of(new LockRecord(2, "w", "verify", NOW - waitedMillis, null)));
        QueueSnapshot land = new QueueSnapshot(queueDir.resolveSibling("q-land"), List.of(), List.of());
        return new WatchModel(NOW, build, land, Map.of(), List.of(), Map.of(), List.of(), Map.of(), Map.of(), new Timeline(), UnderWay.NONE);
    }
}

package dev.queuelock.land.watch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.land.disk.LaneDisks;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.history.LandRun;
import dev.queuelock.land.history.LandingNote;
import dev.queuelock.land.notify.Notifier;
import dev.queuelock.build.slots.UsageHistory;
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
        Alerts alerts = new Alerts(new Notifier(List.of("sh", "-c", "cat >> \"$0\"", told.toString()), line -> { }), queueDir.resolve(UsageHistory.NAME));

        alerts.check(waiting(queueDir, 20 * MINUTE));
        assertThat(told).as("20 min is not far past a 15-min build").doesNotExist();

        alerts.check(waiting(queueDir, 50 * MINUTE));
        assertThat(Files.readString(told)).contains("\"event\":\"waiting\"").contains("a build usually takes 900 s");
    }

    /** A landing waiting for its turn in the land queue, or for a build slot, is waiting, not stuck, and not "in checks". */
    @Test
    void aLandingThatWaitsIsNotStuck() throws Exception {
        Path queueDir = Files.createDirectories(dir.resolve("q-build"));
        Path told = dir.resolve("told.jsonl");
        Alerts alerts = new Alerts(new Notifier(List.of("sh", "-c", "cat >> \"$0\"", told.toString()), line -> { }), queueDir.resolve(UsageHistory.NAME));
        LockRecord holder = new LockRecord(1, "h", "verify", NOW - 30 * MINUTE, null);
        LockRecord lander = new LockRecord(77, "lane-3", "land checks of lane-3", NOW - 15 * MINUTE, null);
        QueueSnapshot build = new QueueSnapshot(queueDir, List.of(holder), List.of(lander));
        QueueSnapshot land = new QueueSnapshot(queueDir.resolveSibling("q-land"), List.of(), List.of());
        Map<String, LandingNote> landing = Map.of(
                "lane-2", note(66, Phase.QUEUE_WAIT, NOW - 30 * MINUTE),
                "lane-3", note(77, Phase.CHECKS, NOW - 15 * MINUTE));

        alerts.check(new WatchModel(NOW, build, land, landing, List.of(landed()), Map.of(), List.of(), Map.of(), LaneDisks.NONE, new Timeline(),
                UnderWay.NONE));

        String events = Files.readString(told);
        assertThat(events).doesNotContain("\"event\":\"stuck\"").doesNotContain("queue wait").doesNotContain("in checks")
                .contains("a landing has waited 900 s for a build slot for its checks");
    }

    /** Checks far past the usual checks say so, timed from when their slot was taken, and say where to look. */
    @Test
    void checksFarPastTheirUsualTimeAreStuckAndSayWhereToLook() throws Exception {
        Path queueDir = Files.createDirectories(dir.resolve("q-build"));
        Path told = dir.resolve("told.jsonl");
        Alerts alerts = new Alerts(new Notifier(List.of("sh", "-c", "cat >> \"$0\"", told.toString()), line -> { }), queueDir.resolve(UsageHistory.NAME));
        LockRecord lander = new LockRecord(77, "lane-3", "land checks of lane-3", NOW - 10 * MINUTE, null)
                .withOutput("/repo/.git/queuelock/logs");
        QueueSnapshot build = new QueueSnapshot(queueDir, List.of(lander), List.of());
        QueueSnapshot land = new QueueSnapshot(queueDir.resolveSibling("q-land"), List.of(), List.of());
        Map<String, LandingNote> landing = Map.of("lane-3", note(77, Phase.CHECKS, NOW - 40 * MINUTE));

        alerts.check(new WatchModel(NOW, build, land, landing, List.of(landed()), Map.of(), List.of(), Map.of(), LaneDisks.NONE, new Timeline(),
                UnderWay.NONE));

        assertThat(Files.readString(told)).contains("\"event\":\"stuck\"")
                .contains("landing in checks for 600 s; usually 120 s; look at its check log, the newest file in /repo/.git/queuelock/logs, and the"
                        + " land command's output in lane lane-3")
                .doesNotContainIgnoringCase("kill");
    }

    private static LandingNote note(long pid, Phase phase, long since) {
        return LandingNote.of(pid, phase, since);
    }

    /** One landed run: 2 minutes of checks, no queue wait. */
    private static LandRun landed() {
        return new LandRun("2026-12-02T10:04:00Z", "lane-1", null, null, Outcome.LANDED, 2 * MINUTE, Map.of(Phase.CHECKS.id(), 2 * MINUTE),
                0, null);
    }

    private static WatchModel waiting(Path queueDir, long waitedMillis) {
        QueueSnapshot build = new QueueSnapshot(queueDir, List.of(new LockRecord(1, "h", "verify", NOW - 90 * MINUTE, null)),
                List.of(new LockRecord(2, "w", "verify", NOW - waitedMillis, null)));
        QueueSnapshot land = new QueueSnapshot(queueDir.resolveSibling("q-land"), List.of(), List.of());
        return new WatchModel(NOW, build, land, Map.of(), List.of(), Map.of(), List.of(), Map.of(), LaneDisks.NONE, new Timeline(), UnderWay.NONE);
    }
}

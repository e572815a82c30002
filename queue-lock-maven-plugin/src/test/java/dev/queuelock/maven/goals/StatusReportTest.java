package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.json.StatusJson;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.history.BatchRecord;
import dev.queuelock.land.history.LandRun;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StatusReportTest {

    private final StatusReport report = new StatusReport(100_000)
            .add("build", "repo", "file", new QueueSnapshot(Path.of("/tmp/b"), List.of(new LockRecord(11, "wt-a", "verify", 40_000, null)),
                    List.of(new LockRecord(22, "wt-b", "validate", 90_000, "s"), new LockRecord(33, "wt-c", null, 95_000, null))))
            .add("land", "repo", "file", new QueueSnapshot(Path.of("/tmp/l"), List.of(), List.of()));

    @Test
    void linesShowHolderAndWaitersInOrder() {
        assertThat(report.lines()).containsExactly(
                "build queue (repo scope): /tmp/b",
                "  holder: lane wt-a (verify), pid 11, holding for 1m 00s",
                "  1. lane wt-b (validate), pid 22, waiting for 10s",
                "  2. lane wt-c, pid 33, waiting for 5s",
                "land queue (repo scope): /tmp/l",
                "  holder: none",
                "  waiting: none",
                "landings (last 0 of 0):",
                "  no landings recorded yet");
    }

    @Test
    void landWaitersGetAnEtaFromTheHistoryAndTheChartFollows() {
        LandRun landed = new LandRun("1970-01-01T00:01:00Z", "wt-z", null, null, Outcome.LANDED, 30_000, Map.of("checks", 30_000L), 0, null);
        StatusReport withLanders = new StatusReport(100_000)
                .add("land", "repo", "file", new QueueSnapshot(Path.of("/tmp/l"), List.of(new LockRecord(11, "wt-a", "feature", 90_000, null)),
                        List.of(new LockRecord(22, "wt-b", "fix", 95_000, null))))
                .withLandings(List.of(landed));

        assertThat(withLanders.lines())
                .contains("  1. lane wt-b (fix), pid 22, waiting for 5s, ETA ~20s")
                .contains("landings (last 1 of 1):")
                .anySatisfy(line -> assertThat(line).contains("wt-z").contains("landed").endsWith("|" + "#".repeat(40)));
    }

    @Test
    void aLanderOfHighPriorityShowsWhomItWentAheadOfAndEachWaiterWhereItStands() throws Exception {
        LockRecord urgent = new LockRecord(44, "wt-d", "hotfix", 35_000, null).withHighPriority(98_000);
        StatusReport report = new StatusReport(100_000)
                .add("land", "repo", "file", new QueueSnapshot(Path.of("/tmp/l"), List.of(new LockRecord(11, "wt-a", "feature", 90_000, null)),
                        List.of(urgent, new LockRecord(22, "wt-b", "fix", 95_000, null), new LockRecord(33, "wt-c", "docs", 96_000, null))))
                .withLandings(List.of(landed(30_000)));

        assertThat(report.lines()).containsSubsequence(
                "  1. lane wt-d (hotfix), pid 44, waiting for 2s, ETA ~20s, priority high, went ahead of lane wt-b, lane wt-c",
                "     1st in line for the land queue; ahead: lane wt-a landing; about 20s (lane wt-a has held the land queue 10s of a 30s median landing)",
                "  2. lane wt-b (fix), pid 22, waiting for 5s, ETA ~50s",
                "     2nd in line for the land queue; ahead: lane wt-a landing, lane wt-d queued (priority high); about 50s (lane wt-a has held the land queue 10s of a 30s median landing, then 1 more landing of 30s)");
        JsonNode doc = new ObjectMapper().readTree(report.json());
        JsonNode first = doc.at("/queues/land/waiters/0");
        assertThat(first.get("priority").asText()).isEqualTo("high");
        assertThat(first.get("since").asLong()).isEqualTo(98_000);
        assertThat(first.get("wentAheadOf").toString()).isEqualTo("[\"wt-b\",\"wt-c\"]");
        assertThat(doc.at("/queues/land/waiters/1/priority").asText()).isEqualTo("normal");
        assertThat(doc.at("/landQueuePlaces/2/place").asInt()).isEqualTo(3);
        assertThat(doc.at("/landQueuePlaces/2/estimateMillis").asLong()).isEqualTo(80_000); // as wt-c's ETA: 20s left of wt-a's, then two of 30s
        assertThat(doc.at("/landQueuePlaces/2/text").asText()).startsWith("3rd in line for the land queue; ahead: lane wt-a landing, lane wt-d");
    }

    @Test
    void aHolderWhoseProcessEndedIsSaidToHaveEndedAndItsWaitersGetNoEta() throws Exception {
        LockRecord lander = new LockRecord(3345, "wt-a", "feature", 40_000, "s");
        StatusReport withDeadLander = new StatusReport(100_000)
                .add("land", "repo", "file", new QueueSnapshot(Path.of("/tmp/l"), List.of(lander),
                        List.of(new LockRecord(22, "wt-b", "fix", 95_000, null))).withEnded(lander, List.of(4012L)))
                .withLandings(List.of(landed(30_000)));

        assertThat(withDeadLander.lines()).contains(
                "  holder: lane wt-a (feature), pid 3345 ended; its check build (pid 4012) still holds, holding for 1m 00s",
                "  1. lane wt-b (fix), pid 22, waiting for 5s");
        JsonNode holder = new ObjectMapper().readTree(withDeadLander.json()).at("/queues/land/holder");
        assertThat(holder.get("ended").asBoolean()).isTrue();
        assertThat(holder.get("keptBy").get(0).asLong()).isEqualTo(4012);
    }

    @Test
    void aHolderPastAMedianLandingMakesTheNextWaiterOverdueNotDueInNoTime() {
        StatusReport overdue = new StatusReport(100_000)
                .add("land", "repo", "file", new QueueSnapshot(Path.of("/tmp/l"), List.of(new LockRecord(11, "wt-a", "feature", 40_000, null)),
                        List.of(new LockRecord(22, "wt-b", "fix", 95_000, null), new LockRecord(33, "wt-c", "docs", 96_000, null))))
                .withLandings(List.of(landed(30_000)));

        assertThat(overdue.lines()).contains(
                "  holder: lane wt-a (feature), pid 11, holding for 1m 00s",
                "  1. lane wt-b (fix), pid 22, waiting for 5s, ETA overdue",
                "  2. lane wt-c (docs), pid 33, waiting for 4s");
    }

    private static LandRun landed(long ms) {
        return new LandRun("1970-01-01T00:01:00Z", "wt-z", null, null, Outcome.LANDED, ms, Map.of("checks", ms), 0, null);
    }

    @Test
    void batchesAreListedWithMembersCheckRunsAndBisectionSteps() {
        BatchRecord batch = new BatchRecord("1000-42", "wt-a", List.of("wt-a", "wt-b"), 2,
                List.of("check 1: wt-a .. wt-b (2 lanes) failed", "check 2: wt-a passed", "culprit: wt-b (check-failed)"));
        List<LandRun> runs = new java.util.ArrayList<>();
        for (String[] member : new String[][] {{"wt-a", "landed"}, {"wt-b", "check-failed"}}) {
            LandRun run = new LandRun("1970-01-01T00:01:00Z", member[0], null, null, Outcome.fromId(member[1]), 10_000, Map.of(), 0, batch);
            runs.add(run);
        }

        assertThat(new StatusReport(100_000).withLandings(runs).lines()).containsSubsequence(
                "batches (last 1):",
                "  batch 1000-42 led by wt-a: 1 of 2 lanes landed, 2 check run(s)",
                "    wt-a landed, wt-b check-failed",
                "    - check 1: wt-a .. wt-b (2 lanes) failed",
                "    - check 2: wt-a passed",
                "    - culprit: wt-b (check-failed)");
    }

    @Test
    void jsonHasBothQueuesInTheOneSchema() throws Exception {
        JsonNode doc = new ObjectMapper().readTree(report.json());
        assertThat(doc.get("version").asInt()).isEqualTo(StatusJson.VERSION);
        assertThat(doc.get("now").asLong()).isEqualTo(100_000);
        assertThat(doc.at("/queues/build/scope").asText()).isEqualTo("repo");
        assertThat(doc.at("/queues/build/backend").asText()).isEqualTo("file");
        assertThat(doc.at("/queues/build/holder/since").asLong()).isEqualTo(40_000);
        assertThat(doc.at("/queues/build/holder/heldForMillis").asLong()).isEqualTo(60_000);
        assertThat(doc.at("/queues/build/waiters/1/lane").asText()).isEqualTo("wt-c");
        assertThat(doc.at("/queues/build/waiters/1/position").asInt()).isEqualTo(2);
        assertThat(doc.at("/queues/build/waiters/0/waitingForMillis").asLong()).isEqualTo(10_000);
        assertThat(doc.at("/queues/land/holder").isNull()).isTrue();
        assertThat(doc.at("/landings/runs").asInt()).isZero();
    }

    @Test
    void aQueueOnAnotherBackendSaysSo() {
        assertThat(new StatusReport(0).add("land", "repo", "zookeeper", new QueueSnapshot(Path.of("/q"), List.of(), List.of())).lines())
                .startsWith("land queue (repo scope, zookeeper backend): /q");
    }

    @Test
    void aPausedLandQueueSaysWhoPausedItAndWhyInTheTextAndTheJson() throws Exception {
        StatusReport paused = new StatusReport(100_000)
                .add("land", "repo", "file", new QueueSnapshot(Path.of("/tmp/l"), List.of(), List.of()))
                .withPause(java.util.Optional.of(new dev.queuelock.land.base.QueuePause("alice in shop-lane-2", "main is broken", 40_000)));
        assertThat(paused.lines()).containsSubsequence("land queue (repo scope): /tmp/l",
                "  land queue paused by alice in shop-lane-2 for 1m 00s: main is broken (landers wait before their checks;"
                        + " mvn queuelock:resume lifts it)", "  holder: none");
        JsonNode pause = new ObjectMapper().readTree(paused.json()).get("landPause");
        assertThat(pause.path("by").asText()).isEqualTo("alice in shop-lane-2");
        assertThat(pause.path("reason").asText()).isEqualTo("main is broken");
        assertThat(pause.path("pausedForMillis").asLong()).isEqualTo(60_000);
        assertThat(new ObjectMapper().readTree(report.withPause(java.util.Optional.empty()).json()).get("landPause").isNull()).isTrue();
    }
}

package dev.queuelock.land.history;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.land.base.Outcome;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HistoryChartTest {

    static LandRun run(String time, String lane, String outcome, long wait, long checks, long push) {
        Map<String, Long> phases = new LinkedHashMap<>();
        phases.put("queueWait", wait);
        phases.put("checks", checks);
        phases.put("push", push);
        return new LandRun(time, lane, null, null, Outcome.fromId(outcome), wait + checks + push, phases, 0, null);
    }

    final List<LandRun> runs = List.of(
            run("2026-12-02T10:00:10Z", "lane-a", "landed", 0, 8_000, 2_000),
            run("2026-12-02T10:00:30Z", "lane-b", "check-failed", 10_000, 10_000, 0),
            run("2026-12-02T10:00:40Z", "lane-c", "landed", 20_000, 16_000, 4_000));

    @Test
    void drawsOneProportionalBarPerRunWithPhaseCharacters() {
        List<String> lines = new HistoryChart(40).render(runs);

        assertThat(lines).hasSize(5);
        assertThat(lines.get(1)).startsWith("10:00:10 lane-a").contains("landed").contains("10s")
                .endsWith("|" + "#".repeat(8) + "p".repeat(2));
        assertThat(lines.get(3)).endsWith("|" + ".".repeat(20) + "#".repeat(16) + "p".repeat(4));
        assertThat(lines.get(4)).isEqualTo("p50 queue wait 10s, p50 landing 20s (fetch to sync: without start-up or queue wait),"
                + " 180.0 landings/hour");
    }

    @Test
    void aShortPushStillShowsItsCellTakenFromTheLongestPhase() {
        Map<String, Long> phases = new LinkedHashMap<>();
        phases.put("fetch", 900L);
        phases.put("rebase", 900L);
        phases.put("checks", 40_000L);
        phases.put("push", 150L);
        phases.put("sync", 40L);
        LandRun pushed = new LandRun("2026-12-02T10:01:00Z", "lane-d", null, null, Outcome.LANDED, 41_990, phases, 0, null);

        String bar = new HistoryChart(40).render(List.of(pushed)).get(1);

        assertThat(bar).endsWith("|fr" + "#".repeat(36) + "ps");
        assertThat(bar.substring(bar.indexOf('|') + 1)).hasSize(40);
        assertThat(new HistoryChart(40).render(List.of(pushed)).get(0)).contains("p push").contains("s sync");
    }

    @Test
    void theLastLandCommandsOwnTimeBeforeItsLandingIsShown() {
        Map<String, Long> phases = new LinkedHashMap<>(CommandTime.spans(1_000, 1_000, 38_000, 67_000, 68_200));
        phases.put("checks", 50_000L);
        LandRun run = new LandRun("2026-12-02T10:03:00Z", "lane-f", null, null, Outcome.LANDED, 122_000, phases, 0, null);

        assertThat(new HistoryChart(40).render(List.of(run))).contains(
                "last land command: 2m 02s from process start; before landing: 37s JVM start, 29s Maven start-up, 1s land's preflight");
    }

    @Test
    void aRecordFromBeforeTheStartUpPhaseCountsItsStartUpBesideItsTotal() {
        Map<String, Long> phases = new LinkedHashMap<>(Map.of("jvmStart", 37_000L, "mavenStart", 29_000L, "preflight", 1_200L));
        phases.put("checks", 50_000L);
        LandRun old = new LandRun("2026-12-02T10:03:00Z", "lane-f", null, null, Outcome.LANDED, 54_700, phases, 0, null);

        assertThat(new HistoryChart(40).render(List.of(old))).contains(
                "last land command: 2m 00s from process start; before landing: 37s JVM start, 29s Maven start-up, 1s land's preflight");
        assertThat(new LandStats(List.of(old)).medianCommand()).as("its start-up is not all there: no whole command").isEmpty();
    }

    @Test
    void aWholeLandCommandIsDrawnStartUpToSyncWithTheSlotWaitApartFromTheChecks() {
        Map<String, Long> phases = new LinkedHashMap<>();
        phases.put("startUp", 10_000L);
        phases.put("queueWait", 10_000L);
        phases.put("slotWait", 10_000L);
        phases.put("checks", 8_000L);
        phases.put("push", 2_000L);
        LandRun whole = new LandRun("2026-12-02T10:05:00Z", "lane-g", null, null, Outcome.LANDED, 40_000, phases, 0, null);

        List<String> lines = new HistoryChart(40).render(List.of(whole));

        assertThat(lines.get(0)).contains("- start-up").contains("~ slot wait").contains("# checks");
        assertThat(lines.get(1)).contains("40s").endsWith("|" + "-".repeat(10) + ".".repeat(10) + "~".repeat(10) + "#".repeat(8) + "pp");
        assertThat(lines.get(lines.size() - 1)).isEqualTo("p50 queue wait 10s, p50 landing 20s (fetch to sync: without start-up or queue wait),"
                + " p50 land command 40s (process start to sync: waits included), 90.0 landings/hour");
    }

    @Test
    void theLastBatchsChecksSideBySideAreShownEachOnItsBase() {
        BatchRecord batch = new BatchRecord("17-42", "lane-a", List.of("lane-a", "lane-b"), 3, List.of(
                "check: lane-a on origin/main failed (40 s)", "check: lane-b on lane-a dropped (12 s)",
                "check: lane-b on origin/main passed (40 s)",
                "checks side by side: 3 run, up to 2 at once; 1m 20s wall time for 1m 32s of checks added up (none timed alone: no saving"
                        + " claimed), 12s of it on dropped checks",
                "culprit: lane-a (check-failed)"));
        LandRun run = new LandRun("2026-12-02T10:04:00Z", "lane-b", null, null, Outcome.LANDED, 90_000, Map.of("checks", 80_000L), 0, batch);

        assertThat(new HistoryChart(40).render(List.of(run))).containsSubsequence("last batch's checks side by side (17-42):",
                "  check: lane-a on origin/main failed (40 s)", "  check: lane-b on lane-a dropped (12 s)",
                "  check: lane-b on origin/main passed (40 s)",
                "  checks side by side: 3 run, up to 2 at once; 1m 20s wall time for 1m 32s of checks added up (none timed alone: no"
                        + " saving claimed), 12s of it on dropped checks");
    }

    @Test
    void aQueueWaitOfAFewMillisecondsShowsNoDot() {
        String bar = new HistoryChart(40).render(List.of(run("2026-12-02T10:02:00Z", "lane-e", "landed", 5, 38_000, 2_000))).get(1);

        assertThat(bar).endsWith("|" + "#".repeat(38) + "p".repeat(2));
    }

    @Test
    void etaIsWhatTheHolderHasLeftPlusAMedianLandingPerWaiterAhead() {
        LandStats stats = new LandStats(runs);
        assertThat(stats.eta(0, Duration.ofSeconds(5))).contains(Duration.ofSeconds(15));
        assertThat(stats.eta(2, Duration.ofSeconds(5))).contains(Duration.ofSeconds(55));
        assertThat(stats.overdue(Duration.ofSeconds(5))).isFalse();
        assertThat(new LandStats(List.of()).eta(1, Duration.ZERO)).isEmpty();
    }

    @Test
    void noEtaIsCountedFromAHolderPastAMedianLanding() {
        LandStats stats = new LandStats(runs); // median landing 20 s
        assertThat(stats.eta(0, Duration.ofSeconds(20))).as("not ~0ms").isEmpty();
        assertThat(stats.eta(2, Duration.ofSeconds(30))).isEmpty();
        assertThat(stats.overdue(Duration.ofSeconds(20))).isTrue();
        assertThat(new LandStats(List.of()).overdue(Duration.ofHours(1))).as("no history, no estimate to pass").isFalse();
    }

    @Test
    void saysSoWhenThereIsNoHistory() {
        assertThat(new HistoryChart(40).render(List.of())).containsExactly("no landings recorded yet");
    }
}

package dev.queuelock.land.watch;

import java.time.Instant;
import dev.queuelock.repository.StateFolder;
import dev.queuelock.land.disk.ReuseSummary;
import dev.queuelock.build.reuse.ReuseRecord;
import dev.queuelock.build.reuse.ReuseLedger;
import dev.queuelock.land.disk.LaneDisks;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.history.Activity;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.base.StateFiles;
import dev.queuelock.land.batch.BatchBoard;
import dev.queuelock.land.batch.BatchVerdict;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.land.history.InFlightLanding;
import dev.queuelock.land.history.LandHistory;
import dev.queuelock.land.history.LandRun;
import dev.queuelock.land.history.LandingNote;
import dev.queuelock.land.notify.Notifier;
import dev.queuelock.process.ProcessStart;
import dev.queuelock.build.slots.BuildUsage;
import dev.queuelock.build.slots.UsageHistory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the terminal, the lines and the page make of one look at the queues. */
class WatchViewTest {

    private static final long NOW = 1_764_720_000_000L;

    @TempDir
    Path state;

    private static LockRecord record(long pid, String lane, String label, long ts) {
        return new LockRecord(pid, lane, label, ts, null);
    }

    private WatchModel look(QueueSnapshot build, QueueSnapshot land, Map<String, LandingNote> landing, Timeline timeline) {
        return new WatchModel(NOW, build, land, landing, List.of(), Map.of(), List.of(), Map.of(), LaneDisks.NONE, timeline, UnderWay.NONE);
    }

    private static QueueSnapshot twoSlots(List<LockRecord> holders, List<LockRecord> waiters) {
        return new QueueSnapshot(Path.of("/tmp/q-build"), holders, waiters).withSlots(2, "2 (fixed)");
    }

    @Test
    void theScreenShowsBothHoldersTheWaiterAndTheLandingsPhase() throws Exception {
        QueueSnapshot build = twoSlots(List.of(record(11, "a", "verify", NOW - 5000), record(12, "b", "install", NOW - 2000)),
                List.of(record(13, "c", "verify", NOW - 1000)));
        QueueSnapshot land = new QueueSnapshot(Path.of("/tmp/q-land"), List.of(record(14, "d", "lane/4", NOW - 9000)), List.of());
        LandingNote note = LandingNote.of(0, Phase.CHECKS, NOW - 3000);

        List<String> screen = ScreenText.lines(look(build, land, Map.of("d", note), new Timeline()));

        assertThat(screen).contains("BUILD QUEUE  2 of 2 slots busy; 2 (fixed)",
                "  holds    lane a (verify), pid 11   held 5s",
                "  holds    lane b (install), pid 12   held 2s",
                "  waits 1. lane c (verify), pid 13   waiting 1s");
        assertThat(screen).anyMatch(line -> line.startsWith("  landing  lane d (lane/4), pid 14   checks for 3s"));
    }

    /** Issue 56: a paused land queue is shown on the screen, in the lines and on the page, with who paused it and why. */
    @Test
    void aPauseIsShownWithWhoAndWhyOnTheScreenTheLinesAndThePage() throws Exception {
        QueueSnapshot land = new QueueSnapshot(Path.of("/tmp/q-land"), List.of(), List.of(record(13, "c", "lane/3", NOW - 1000)));
        WatchModel paused = look(twoSlots(List.of(), List.of()), land, Map.of(), new Timeline())
                .with(new dev.queuelock.land.base.QueuePause("alice in shop", "main is broken", NOW - 60_000), List.of());

        assertThat(ScreenText.lines(paused)).containsSubsequence("LAND QUEUE", "  land queue paused by alice in shop for 1m 00s:"
                + " main is broken (landers wait before their checks; mvn queuelock:resume lifts it)", "  queued 1. lane c (lane/3), pid 13   waiting 1s");
        assertThat(new ChangeLine().next(paused)).contains("| land queue paused by alice in shop: main is broken");
        JsonNode page = new ObjectMapper().readTree(PageJson.render(paused));
        assertThat(page.at("/land/pause/reason").asText()).isEqualTo("main is broken");
        assertThat(page.at("/land/pause/by").asText()).isEqualTo("alice in shop");
        assertThat(new ObjectMapper().readTree(PageJson.render(look(twoSlots(List.of(), List.of()), land, Map.of(), new Timeline())))
                .at("/land/pause").isMissingNode()).as("a running queue has no pause").isTrue();
    }

    @Test
    void aLinePerChangeAndNoneForTheClockAlone() {
        ChangeLine lines = new ChangeLine();
        QueueSnapshot one = twoSlots(List.of(record(11, "a", "verify", NOW - 5000)), List.of());
        QueueSnapshot land = new QueueSnapshot(Path.of("/tmp/q-land"), List.of(), List.of());
        WatchModel first = look(one, land, Map.of(), new Timeline());

        assertThat(lines.next(first)).endsWith("build 1/2: a; waiting: none | land: queued: none");
        assertThat(lines.next(first.at(NOW + 5000))).as("only time passed").isNull();
        QueueSnapshot two = twoSlots(List.of(record(11, "a", "verify", NOW - 5000), record(12, "b", "verify", NOW)), List.of());
        assertThat(lines.next(look(two, land, Map.of(), new Timeline()))).contains("build 2/2: a, b; waiting: none");
    }

    @Test
    void thePageHasTheHoldersAndTheTimelineItsBarsAndARefusalsTest() throws Exception {
        Activity activity = new Activity(state);
        activity.phase("d", Phase.CHECKS);
        activity.ended("d", Outcome.CHECK_FAILED, "checks failed", "GreetingTest.greetsTheWorld");
        Timeline timeline = new Timeline();
        QueueSnapshot build = twoSlots(List.of(record(11, "a", "verify", NOW - 5000)), List.of(record(13, "c", "verify", NOW - 1000)));
        timeline.observe(build, NOW);
        timeline.landings(activity.read(), Map.of(), System.currentTimeMillis());
        QueueSnapshot land = new QueueSnapshot(Path.of("/tmp/q-land"), List.of(), List.of());

        JsonNode page = new ObjectMapper().readTree(PageJson.render(look(build, land, Map.of(), timeline)));

        assertThat(page.at("/build/holders/0/lane").asText()).isEqualTo("a");
        assertThat(page.at("/build/waiters/0/lane").asText()).isEqualTo("c");
        assertThat(page.at("/timeline/bars")).extracting(bar -> bar.path("lane").asText() + " " + bar.path("kind").asText())
                .contains("a building", "c waiting", "d checking");
        assertThat(page.at("/timeline/marks/0/text").asText()).isEqualTo("GreetingTest.greetsTheWorld");
    }

    @Test
    void aWatchOpenedNowPutsTheLastHoursRecordedBuildsOnThePage() throws Exception {
        Path queueDir = state.resolve("q-build");
        long now = System.currentTimeMillis(); // the look is taken at the real time
        UsageHistory history = new UsageHistory(queueDir.resolve(UsageHistory.NAME));
        history.record(BuildUsage.described(now - 600_000, Duration.ofMinutes(3), 1.5, 1L << 30).heldBy("e", 4242, 60_000));
        QueueSnapshot build = new QueueSnapshot(queueDir, List.of(), List.of());
        QueueSnapshot land = new QueueSnapshot(state.resolve("q-land"), List.of(), List.of());

        WatchModel look = new WatchLoop(new FixedSources(build, land, List.of(), null), Notifier.NONE, 0).look();

        JsonNode bars = new ObjectMapper().readTree(PageJson.render(look)).at("/timeline/bars");
        assertThat(bars).extracting(bar -> bar.path("lane").asText() + " " + bar.path("kind").asText() + " "
                + (bar.path("to").asLong() - bar.path("from").asLong())).containsExactlyInAnyOrder("e building 180000", "e waiting 60000");
    }

    @Test
    void aBuildUnderAFixedNumberOfSlotsThatEndedBeforeTheWatchStartedIsOnThePage() throws Exception {
        Path queueDir = Files.createDirectories(state.resolve("q-build"));
        long now = System.currentTimeMillis();
        // Lines as the extension appends them: the first as a real session under the default slot wrote it (`mvn
        // validate`; its times alone, moved into the hour), the second as one under auto does, with what it used.
        Files.writeString(queueDir.resolve(UsageHistory.NAME), "\n{\"start\":" + (now - 600_000) + ",\"wallMs\":106,\"cpuMs\":-1,"
                + "\"peakBytes\":-1,\"source\":\"times\",\"lane\":\"f\",\"pid\":3648,\"waitMs\":18}"
                + "\n{\"start\":" + (now - 300_000) + ",\"wallMs\":4200,\"cpuMs\":5100,\"peakBytes\":118591488,\"source\":\"linux\","
                + "\"load\":7.8,\"lane\":\"g\",\"pid\":8290,\"waitMs\":0}");
        QueueSnapshot build = new QueueSnapshot(queueDir, List.of(), List.of());
        QueueSnapshot land = new QueueSnapshot(state.resolve("q-land"), List.of(), List.of());

        WatchModel look = new WatchLoop(new FixedSources(build, land, List.of(), null), Notifier.NONE, 0).look();

        JsonNode bars = new ObjectMapper().readTree(PageJson.render(look)).at("/timeline/bars");
        assertThat(bars).extracting(bar -> bar.path("lane").asText() + " " + bar.path("kind").asText() + " "
                + (bar.path("to").asLong() - bar.path("from").asLong())).containsExactlyInAnyOrder("f building 106", "f waiting 18",
                        "g building 4200");
    }

    @Test
    void theFailingTestIsReadFromARefusalsMessage() {
        String message = "checks failed on the rebased commit 4f1c2a9d0e (sh check.sh); nothing was pushed:\n"
                + "    Failures: \n    GreetingTest.greetsTheWorld:14 \n          Expecting actual:\n"
                + "    Tests run: 1, Failures: 1, Errors: 0, Skipped: 0\nLog: /x/y.log. Fix, commit, and run land again.";

        assertThat(Activity.failingTest(message)).isEqualTo("GreetingTest.greetsTheWorld");
        assertThat(Activity.failingTest("    Run 1: ServerIT.answersOk:14 expected")).isEqualTo("ServerIT.answersOk");
        assertThat(Activity.failingTest("rebase conflict in a.txt")).isNull();
    }

    @Test
    void theLandLineShowsTheChecksModulesDoneAndTheRunningBatchsMembers() throws Exception {
        Path common = state;
        Path stateDir = RepoContext.stateDir(common);
        InFlightLanding note = new InFlightLanding(stateDir, "x");
        note.start("lane/x", "0123abc");
        note.at(Phase.CHECKS);
        long since = InFlightLanding.live(stateDir).get("x").since();
        Path log = stateDir.resolve("logs").resolve("batch-" + CheckProgressTest.stamp(since + 50) + ".log");
        Files.createDirectories(log.getParent());
        CheckProgressTest.plan(log);
        CheckProgressTest.append(log, CheckProgressTest.module("com.example:parent", "parent", 1, 3));
        CheckProgressTest.append(log, CheckProgressTest.module("com.example:api", "api", 2, 3));
        CheckProgressTest.append(log, CheckProgressTest.module("com.example:app", "app", 3, 3));
        for (String member : List.of("z", "y")) {
            StateFiles.write(new BatchBoard(common).directory().resolve("verdicts").resolve(member + ".json"), Map.of("pid", 1,
                    "lane", member, "leaderPid", ProcessHandle.current().pid(), "leaderStart", ProcessStart.current(),
                    "leaderLane", "x", "batchId", "b1", "state", BatchVerdict.TAKEN));
        }
        StateFiles.write(new BatchBoard(common).directory().resolve("verdicts").resolve("w.json"), Map.of("pid", 1, "lane", "w",
                "leaderPid", ProcessHandle.current().pid(), "leaderStart", ProcessStart.current(), "leaderLane", "v",
                "batchId", "b0", "state", "landed")); // a batch decided: not under way
        QueueSnapshot build = twoSlots(List.of(), List.of());
        QueueSnapshot land = new QueueSnapshot(Path.of("/tmp/q-land"), List.of(record(ProcessHandle.current().pid(), "x", "lane/x", NOW)),
                List.of());

        WatchModel look = new WatchLoop(new FixedSources(build, land, List.of(), common), Notifier.NONE, 0).look();

        assertThat(ScreenText.lines(look)).containsSequence(List.of("           checking: 2 of 3 modules done (api tested; parent built)",
                "           batch of 3: x, y, z"));
        assertThat(ChangeLine.summary(look)).contains("land: x (checks; checking: 2 of 3 modules done (api tested; parent built);"
                + " batch of 3: x, y, z)");
        JsonNode page = new ObjectMapper().readTree(PageJson.render(look));
        assertThat(page.at("/land/holders/0/check").asText()).isEqualTo("2 of 3 modules done (api tested; parent built)");
        assertThat(page.at("/land/holders/0/batch").toString()).isEqualTo("[\"x\",\"y\",\"z\"]");
    }

    @Test
    void aLeadersChecksSideBySideShowEachOnTheLanesItRanOnAndADeadLeadersNone() throws Exception {
        Path common = Files.createDirectories(state.resolve("repo.git"));
        Path checks = new BatchBoard(common).directory().resolve("checks");
        StateFiles.write(checks.resolve("x.json"), Map.of("pid", ProcessHandle.current().pid(), "start", ProcessStart.current(),
                "lane", "x", "checks", List.of("x on origin/main: passed", "y on x: checking", "z on x+y: checking")));
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        StateFiles.write(checks.resolve("v.json"), Map.of("pid", gone.pid(), "start", "", "lane", "v",
                "checks", List.of("v on origin/main: checking"))); // left by a leader killed during its checks
        QueueSnapshot land = new QueueSnapshot(Path.of("/tmp/q-land"), List.of(record(ProcessHandle.current().pid(), "x", "lane/x", NOW),
                record(ProcessHandle.current().pid(), "v", "lane/v", NOW)), List.of());

        WatchModel look = new WatchLoop(new FixedSources(twoSlots(List.of(), List.of()), land, List.of(), common), Notifier.NONE, 0).look();

        assertThat(ScreenText.lines(look)).contains("           checks: x on origin/main: passed; y on x: checking; z on x+y: checking")
                .noneMatch(line -> line.contains("v on origin/main"));
        JsonNode page = new ObjectMapper().readTree(PageJson.render(look));
        assertThat(page.at("/land/holders/0/checksSideBySide").toString())
                .isEqualTo("[\"x on origin/main: passed\",\"y on x: checking\",\"z on x+y: checking\"]");
        assertThat(page.at("/land/holders/1/checksSideBySide").isMissingNode()).isTrue();
    }

    /**
     * Issue 56's "where am I": each land waiter's place, what is ahead by lane and the estimate, on the
     * screen, in the lines and on the page, the very text status and the waiting lander say
     * ({@link LandQueuePlace}, read from the same queue, notes, board and history).
     */
    @Test
    void eachLandWaitersPlaceIsSaidAsStatusSaysIt() throws Exception {
        Path common = Files.createDirectories(state.resolve("place.git"));
        Path stateDir = RepoContext.stateDir(common);
        InFlightLanding note = new InFlightLanding(stateDir, "a");
        note.start("lane/a", "0123abc");
        note.at(Phase.CHECKS);
        long me = ProcessHandle.current().pid();
        String start = ProcessStart.current();
        Path board = new BatchBoard(common).directory();
        StateFiles.write(board.resolve("requests").resolve("b.json"), Map.of("pid", me, "start", start, "lane", "b",
                "branch", "lane/b", "commit", "c0ffee", "worktree", "/work/b", "ts", NOW - 4000));
        StateFiles.write(board.resolve("verdicts").resolve("b.json"), Map.of("pid", me, "start", start, "lane", "b",
                "leaderPid", me, "leaderStart", start, "leaderLane", "a", "batchId", "b1", "state", BatchVerdict.TAKEN));
        for (long millis : new long[] {30_000, 30_000, 90_000}) {
            new LandHistory(common).append(new LandRun("2026-12-02T10:04:00Z", "z", null, null, Outcome.LANDED, millis,
                    Map.of(Phase.CHECKS.id(), millis), 0, null));
        }
        QueueSnapshot land = new QueueSnapshot(Path.of("/tmp/q-land"), List.of(new LockRecord(me, "a", "lane/a", NOW - 9000, start)),
                List.of(new LockRecord(me, "b", "lane/b", NOW - 4000, start), record(33, "c", "lane/c", NOW - 2000)));

        WatchModel look = new WatchLoop(new FixedSources(twoSlots(List.of(), List.of()), land, List.of(), common), Notifier.NONE, 0)
                .look().at(NOW);

        String third = "2nd in line for the land queue; ahead: lane a checking, lane b taken into lane a's landing;"
                + " about 51s (lane a has held the land queue 9s of a 30s median landing, then 1 more landing of 30s)";
        String second = "1st in line for the land queue; ahead: lane a checking; about 21s (lane a has held the land queue 9s of a 30s median landing)";
        LandQueuePlace status = new LandQueuePlace(land, InFlightLanding.live(stateDir), java.util.Optional.empty(),
                new BatchBoard(common).taken(), new dev.queuelock.land.history.LandStats(new LandHistory(common).read()), NOW);
        assertThat(status.line(1)).isEqualTo(third);
        assertThat(ScreenText.lines(look)).containsSubsequence("  queued 1. lane b (lane/b), pid " + me + "   waiting 4s, ETA ~21s",
                "           " + second, "  queued 2. lane c (lane/c), pid 33   waiting 2s, ETA ~51s", "           " + third);
        assertThat(ChangeLine.summary(look)).contains("queued: b, c | b: " + second + " | c: " + third);
        JsonNode page = new ObjectMapper().readTree(PageJson.render(look));
        assertThat(page.at("/land/waiters/1/place/text").asText()).isEqualTo(third);
        assertThat(page.at("/land/waiters/1/place/place").asInt()).isEqualTo(2);
        assertThat(page.at("/land/waiters/1/place/estimateMillis").asLong()).isEqualTo(51_000L);
        assertThat(page.at("/land/waiters/1/place/ahead/1/lane").asText()).isEqualTo("b");
        assertThat(page.at("/land/waiters/1/place/ahead/1/state").asText()).isEqualTo("taken into lane a's landing");
        assertThat(page.at("/land/waiters/1/place").toString()).isEqualTo(new ObjectMapper().writeValueAsString(status.json(1)));
    }

    /** Issue 55: the watch, on its screen and its page, says what the reuse store holds and what reuse left unbuilt today, as status. */
    @Test
    void whatReuseLeftUnbuiltTodayIsOnTheScreenAndThePageAsStatusSaysIt() throws Exception {
        Path common = Files.createDirectories(state.resolve("reuse.git"));
        Path store = StateFolder.of(common).resolve(StateFolder.REUSE);
        Instant now = Instant.now();
        ReuseLedger.in(store).record(new ReuseRecord("the main checkout", "3f2a1b9", Duration.ofSeconds(40), now, true), now);
        QueueSnapshot none = new QueueSnapshot(Path.of("/tmp/q-none"), List.of(), List.of());

        WatchModel look = new WatchLoop(new FixedSources(none, none, List.of(), common), Notifier.NONE, 0).look();

        String status = ReuseSummary.of(common, Instant.now(), 2048).line();
        assertThat(status).contains("reused today: 1 module, 40s of recorded build time not run again");
        assertThat(ScreenText.lines(look)).contains("  " + status);
        assertThat(new ObjectMapper().readTree(PageJson.render(look)).get("reuse").asText()).isEqualTo(status);
    }
}

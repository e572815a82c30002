package dev.queuelock.land.batch;

import static dev.queuelock.testsupport.GitFixture.commit;
import static dev.queuelock.testsupport.GitFixture.git;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.history.LandHistory;
import dev.queuelock.land.history.LandRun;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.GitFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;

/**
 * Landing with checks side by side ({@code queuelock.land.parallel}), real git, real checks and
 * every lander in its own JVM, queued behind a land queue the test holds. That the checks run at
 * once is a decision the checks themselves prove: each waits until all of them have started, and
 * fails if they never do.
 */
@Execution(ExecutionMode.CONCURRENT)
class ParallelLandingTest {

    /**
     * $0: a directory each check marks its start in; $1: how many must start before any goes on
     * (0: none waits). Fails if the candidate has a file BAD.
     */
    static final String CHECK = "touch \"$0/$$\"; n=0; while [ \"$(ls \"$0\" | wc -l)\" -lt \"$1\" ] && [ $n -lt 900 ]; do"
            + " sleep 0.1; n=$((n+1)); done; [ \"$(ls \"$0\" | wc -l)\" -ge \"$1\" ] && test ! -f BAD";

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    GitFixture repo;
    Path queues;
    QueueLockFactory locks;
    Path started;
    LandingScene scene;
    final List<ProcessHandle> orphans = new ArrayList<>();

    @BeforeEach
    void setUp() throws IOException {
        repo = new GitFixture(Files.createDirectory(tmp.resolve("repo")));
        queues = Files.createDirectory(tmp.resolve("queues"));
        locks = QueueLockFactory.defaults().withTmpDir(queues).withPollInterval(Duration.ofMillis(50));
        scene = new LandingScene(repo, locks);
        started = Files.createDirectory(tmp.resolve("started"));
    }

    @AfterEach
    void killOrphans() {
        orphans.forEach(ProcessHandle::destroyForcibly);
    }

    @Test
    @Timeout(150)
    void threeLanesOnThreeSlotsAreCheckedAtOnceEachOnTheLanesAheadAndLandInOrder() throws Exception {
        Map<String, Path> lanes = threeLanes(null);
        Map<String, ChildProcess> landers = queueUp(lanes, "1/3", List.of("sh", "-c", CHECK, started.toString(), "3"));
        List<String> order = scene.releaseGate();

        landInOrder(landers, order);
        List<LandRun> history = new LandHistory(repo.main.resolve(".git")).read();
        assertThat(history).hasSize(3).allSatisfy(run -> assertThat(run.outcome()).isEqualTo(Outcome.LANDED));
        List<String> lines = history.get(0).batch.steps;
        assertThat(lines).anyMatch(l -> l.startsWith("check: " + order.get(0) + " on origin/main passed"))
                .anyMatch(l -> l.startsWith("check: " + order.get(1) + " on " + order.get(0) + " passed"))
                .anyMatch(l -> l.startsWith("check: " + order.get(2) + " on " + order.get(0) + "+" + order.get(1) + " passed"))
                .anyMatch(l -> l.startsWith("checks side by side: 3 run, up to 3 at once;") && l.contains(" wall time for ")
                        && l.contains(" of checks added up (none timed alone: no saving claimed)"))
                .as("no check was timed alone: nothing is claimed saved").noneMatch(l -> l.contains("saved"));
        assertThat(git(repo.main, "worktree", "list")).as("every check's worktree removed").doesNotContain("queuelock");
    }

    @Test
    @Timeout(150)
    void aFailureAheadDropsTheChecksOnItAndTheOthersAreRecheckedWithoutItAndLand() throws Exception {
        Map<String, Path> lanes = threeLanes("lane-1");
        Map<String, ChildProcess> landers = queueUp(lanes, "1/3", List.of("sh", "-c", CHECK, started.toString(), "0"));
        List<String> order = scene.releaseGate();
        assertThat(order).containsExactly("lane-1", "lane-2", "lane-3");

        assertThat(landWithoutLane1(landers)).contains("checks failed with lane lane-1");
        assertThat(steps()).anyMatch(l -> l.startsWith("check: lane-1 on origin/main failed"));
    }

    @Test
    @Timeout(240)
    void theCoordinatorKilledDuringTheChecksLeavesNoCheckAndTheNextLanderLandsThem() throws Exception {
        Map<String, Path> lanes = threeLanes(null);
        Path hold = Files.createFile(tmp.resolve("hold"));
        // Each check marks its start, then stalls while the hold file is there.
        String stall = "touch \"$1/$$\"; while [ -f \"$0\" ]; do sleep 0.1; done; exit 0";
        Map<String, ChildProcess> landers = queueUp(lanes, "1/3", List.of("sh", "-c", stall, hold.toString(), started.toString()));
        String before = repo.remoteHead();
        List<String> order = scene.releaseGate();

        await().atMost(Duration.ofSeconds(120)).until(() -> Stream.of(started.toFile().list()).count() == 3);
        killTheLeaderAndSeeItsChecksStop(landers.get(order.get(0)), before, hold);
        landInOrder(landers, order.subList(1, 3));
        assertThat(git(lanes.get(order.get(0)), "log", "-1", "--format=%s")).as("the leader's lane intact")
                .isEqualTo("change of " + order.get(0));
        assertThat(git(repo.main, "worktree", "list")).as("the killed leader's check worktrees removed").doesNotContain("queuelock");
    }

    @Test
    @Timeout(150)
    void everyCheckSideBySideHoldsABuildSlotOfItsOwnSoTheBuildQueueCountsThemAll() throws Exception {
        Map<String, Path> lanes = threeLanes(null);
        Path hold = Files.createFile(tmp.resolve("hold"));
        String stall = "touch \"$1/$$\"; while [ -f \"$0\" ]; do sleep 0.1; done; exit 0";
        // The leader's build lock joins a hold of its own process, as the land goal's does; the checks beside
        // the first take their slots before it asks, if they may.
        Map<String, ChildProcess> landers = queueUp(lanes, "1/3", List.of("sh", "-c", stall, hold.toString(), started.toString()),
                null, Map.of(BatchLandWorker.JOINING, "1"));
        List<String> order = scene.releaseGate();

        await().atMost(Duration.ofSeconds(120)).until(() -> Stream.of(started.toFile().list()).count() == 3);
        assertThat(locks.snapshot("build", repo.main).holders()).as("as the watch counts busy slots: one per running check")
                .hasSize(3);
        Files.delete(hold);
        landInOrder(landers, order);
    }

    @Test
    @Timeout(150)
    void autoDecidesAsTheLanderLeadsFromTheMachineThenNotAsItStarted() throws Exception {
        Map<String, Path> lanes = threeLanes(null);
        Path reading = Files.writeString(tmp.resolve("reading"), BUSY);
        Map<String, ChildProcess> landers = queueUp(lanes, "1/auto", List.of("sh", "-c", CHECK, started.toString(), "3"), reading);
        Files.writeString(reading, CALM); // the builds that kept the machine busy ended while the landers waited
        List<String> order = scene.releaseGate();

        landInOrder(landers, order);
        assertThat(landers.get(order.get(0)).output()).contains(BatchLandWorker.AT_ONCE + "4 (queuelock.land.parallel=auto");
        assertThat(steps()).anyMatch(l -> l.startsWith("checks side by side: 3 run, up to 4 at once"));
    }

    @Test
    @Timeout(150)
    void aRoundAfterAFailureAheadDecidesAgainFromTheMachineAsItIsThen() throws Exception {
        Map<String, Path> lanes = threeLanes("lane-1");
        Path reading = Files.writeString(tmp.resolve("reading"), CALM);
        // A check of a candidate with BAD (lane-1's, and those on it) leaves the machine busy as it fails.
        String check = "if [ -f BAD ]; then echo '" + BUSY + "' > \"$0\"; exit 1; fi";
        Map<String, ChildProcess> landers = queueUp(lanes, "1/auto", List.of("sh", "-c", check, reading.toString()), reading);
        List<String> order = scene.releaseGate();
        assertThat(order).containsExactly("lane-1", "lane-2", "lane-3");

        String leader = landWithoutLane1(landers);
        assertThat(leader).contains(BatchLandWorker.AT_ONCE + "4 (");
        assertThat(leader.split("for the next round: up to 1 \\(", -1)).as("two rounds after the failure, one check each: " + leader)
                .hasSize(3);
    }

    @Test
    @Timeout(240)
    void landersThatQueueWhileTheChecksRunStartTheirChecksAtOnceOnTopOfTheLanesAheadAndLandInOrder() throws Exception {
        Map<String, Path> lanes = threeLanes(null);
        Path hold = Files.createFile(tmp.resolve("hold"));
        // Each lander starts once the check of the one before it runs: lane-1's check stalls until the end, so a
        // lane whose check starts at all started it while lane-1's (and lane-2's) ran.
        Map<String, ChildProcess> landers = queueWhileChecksRun(lanes, "1/3", hold);
        assertThat(seen()).as("each check on top of the lanes ahead").containsExactlyInAnyOrder("lane-1.txt", "lane-1.txt lane-2.txt",
                "lane-1.txt lane-2.txt lane-3.txt");
        assertThat(new BatchBoard(repo.main.resolve(".git")).checksUnderWay()).as("what watch shows").singleElement()
                .satisfies(shown -> assertThat(shown.checks).containsExactly("lane-1 on origin/main: checking",
                        "lane-2 on lane-1: checking", "lane-3 on lane-1+lane-2: checking"));
        Files.delete(hold);

        landInOrder(landers, List.of("lane-1", "lane-2", "lane-3"));
        assertThat(git(repo.main, "rev-list", "--merges", "--count", "origin/main")).isEqualTo("0");
        List<LandRun> history = new LandHistory(repo.main.resolve(".git")).read();
        assertThat(history).hasSize(3).allSatisfy(run -> assertThat(run.outcome()).isEqualTo(Outcome.LANDED));
        assertThat(history.get(0).batch.steps).contains("joined: lane-2, queued while the checks ran", "joined: lane-3, queued while the checks ran")
                .anyMatch(l -> l.startsWith("check: lane-1 on origin/main passed"))
                .anyMatch(l -> l.startsWith("check: lane-2 on lane-1 passed"))
                .anyMatch(l -> l.startsWith("check: lane-3 on lane-1+lane-2 passed"));
        assertThat(git(repo.main, "worktree", "list")).as("every check's worktree removed").doesNotContain("queuelock");
        assertThat(new BatchBoard(repo.main.resolve(".git")).checksUnderWay()).as("withdrawn as the landing ended").isEmpty();
    }

    @Test
    @Timeout(240)
    void aFailureAheadOfLanesThatJoinedRestartsOnlyTheChecksOnTopOfItAndTheyLand() throws Exception {
        Map<String, Path> lanes = threeLanes("lane-1");
        Path hold = Files.createFile(tmp.resolve("hold"));
        Map<String, ChildProcess> landers = queueWhileChecksRun(lanes, "1/3", hold);
        Files.delete(hold);

        assertThat(landWithoutLane1(landers)).contains("checks failed with lane lane-1");
        List<String> checks = new ArrayList<>();
        steps().stream().filter(l -> l.startsWith("check: "))
                .forEach(l -> checks.add(l.replaceAll(" \\(\\d+ s\\)$", "")));
        assertThat(checks).as("lane-1's check is not run again; only the two on top of it restart, without it").hasSize(5)
                .contains("check: lane-1 on origin/main failed", "check: lane-2 on origin/main passed", "check: lane-3 on lane-2 passed")
                .filteredOn(l -> l.contains(" on lane-1")).as("the checks that assumed lane-1")
                .containsExactlyInAnyOrder("check: lane-2 on lane-1 " + outcome(checks, "lane-2 on lane-1"),
                        "check: lane-3 on lane-1+lane-2 " + outcome(checks, "lane-3 on lane-1+lane-2"))
                .allMatch(l -> l.endsWith(" failed") || l.endsWith(" dropped"));
    }

    /** How the check named {@code what} ended, in these history lines. */
    private static String outcome(List<String> checks, String what) {
        return checks.stream().filter(l -> l.startsWith("check: " + what + " ")).findFirst().orElse("none").replaceAll(".* ", "");
    }

    @Test
    @Timeout(300)
    void theLeaderKilledWhileLanesThatJoinedAreCheckedLosesNothingAndTheNextLanderLandsThem() throws Exception {
        Map<String, Path> lanes = threeLanes(null);
        Path hold = Files.createFile(tmp.resolve("hold"));
        String before = repo.remoteHead();
        Map<String, ChildProcess> landers = queueWhileChecksRun(lanes, "1/3", hold);
        killTheLeaderAndSeeItsChecksStop(landers.get("lane-1"), before, hold);
        landInOrder(landers, List.of("lane-2", "lane-3"));
        assertThat(landers.get("lane-2").output()).contains("is gone without a verdict; nothing of it was pushed");
        assertThat(git(lanes.get("lane-1"), "log", "-1", "--format=%s")).as("the leader's lane intact").isEqualTo("change of lane-1");
        assertThat(git(repo.main, "worktree", "list")).as("the killed leader's check worktrees removed").doesNotContain("queuelock");
    }

    // ---- scaffolding (the scene is LandingScene, shared with BatchLandingTest)

    /** Lanes lane-1 … lane-3, each with one commit of a file of its own; {@code bad}'s (if not null) adds BAD, which fails the checks. */
    Map<String, Path> threeLanes(String bad) {
        Map<String, Path> lanes = scene.lanes(3);
        lanes.forEach((name, dir) -> commit(dir, name.equals(bad) ? "BAD" : name + ".txt", name + "\n", "change of " + name));
        return lanes;
    }

    /** Each of {@code landers} in {@code order} lands, and the remote holds their changes in that order. */
    void landInOrder(Map<String, ChildProcess> landers, List<String> order) throws InterruptedException {
        for (String lane : order) {
            assertThat(landers.get(lane).awaitExit(Duration.ofSeconds(120))).as(landers.get(lane).output()).isZero();
        }
        assertThat(repo.remoteLog()).as("in queue order, linear").containsExactlyElementsOf(LandingScene.expectedLog(order));
    }

    /** lane-2 and lane-3 land, checked without lane-1 (with BAD), which is refused: its lander's output. */
    String landWithoutLane1(Map<String, ChildProcess> landers) throws InterruptedException {
        landInOrder(landers, List.of("lane-2", "lane-3"));
        assertThat(landers.get("lane-1").awaitExit(Duration.ofSeconds(60))).isEqualTo(2);
        assertThat(steps()).anyMatch(l -> l.startsWith("check: lane-2 on origin/main passed"))
                .anyMatch(l -> l.startsWith("check: lane-3 on lane-2 passed"));
        return landers.get("lane-1").output();
    }

    /** The lines of the first landing's batch in the history: its checks, who joined. */
    List<String> steps() {
        return new LandHistory(repo.main.resolve(".git")).read().get(0).batch.steps;
    }

    /** Kills the leader while its checks stall on {@code hold}: its checks stop, nothing is pushed; then the stall ends. */
    void killTheLeaderAndSeeItsChecksStop(ChildProcess leader, String before, Path hold) throws IOException {
        List<ProcessHandle> checks = new ArrayList<>();
        leader.process().descendants().filter(p -> p.info().command().orElse("").endsWith("sh")).forEach(checks::add);
        orphans.addAll(checks);
        leader.kill9();

        await("the watchdog stops each check build").atMost(Duration.ofSeconds(60))
                .until(() -> checks.stream().noneMatch(ProcessHandle::isAlive));
        assertThat(checks).hasSizeGreaterThanOrEqualTo(3);
        assertThat(repo.remoteHead()).as("nothing pushed").isEqualTo(before);
        Files.delete(hold);
    }

    /**
     * $0: a file; $1: a directory. Each check writes the lanes' files its candidate holds into a
     * file of its own in $1 as it starts, stalls while $0 is there, then fails if the candidate has a file BAD.
     */
    static final String SEEING = "ls lane-*.txt 2>/dev/null | tr '\\n' ' ' > \"$1/$$.part\"; mv \"$1/$$.part\" \"$1/$$.seen\";"
            + " while [ -f \"$0\" ]; do sleep 0.1; done; test ! -f BAD";

    /** What each check that started saw, as {@link #SEEING} wrote it: e.g. {@code lane-1.txt lane-2.txt}. */
    List<String> seen() throws IOException {
        List<String> seen = new ArrayList<>();
        try (Stream<Path> files = Files.list(started)) {
            for (Path file : (Iterable<Path>) files.filter(f -> f.toString().endsWith(".seen"))::iterator) {
                seen.add(Files.readString(file).trim());
            }
        }
        return seen;
    }

    /**
     * Starts one {@link #SEEING} lander per lane, with no gate: the first leads at once; each next
     * one only once every check before it started (and, while {@code hold} is there, still runs).
     */
    Map<String, ChildProcess> queueWhileChecksRun(Map<String, Path> lanes, String sizes, Path hold) throws Exception {
        Map<String, ChildProcess> landers = new LinkedHashMap<>();
        for (Map.Entry<String, Path> lane : lanes.entrySet()) {
            List<String> args = new ArrayList<>(List.of(lane.getValue().toString(), queues.toString(), sizes, "sh", "-c", SEEING,
                    hold.toString(), started.toString()));
            landers.put(lane.getKey(), children.jvm(BatchLandWorker.class, args).log(tmp.resolve(lane.getKey() + ".log")).start());
            int checks = landers.size();
            await(lane.getKey() + "'s check started").atMost(Duration.ofSeconds(90)).until(() -> seen().size() == checks);
        }
        return landers;
    }

    /** A reading of {@link dev.queuelock.build.slots.DescribedMachine}: others' tasks keep the four cores busy (1 slot, also beside a check of ours). */
    static final String BUSY = "50 4.0 4";
    /** The same load average, but the CPU calm and nothing running now: a burst that ended (4 slots). */
    static final String CALM = "5 4.0 0";

    Map<String, ChildProcess> queueUp(Map<String, Path> lanes, String sizes, List<String> check) throws Exception {
        return queueUp(lanes, sizes, check, null);
    }


    /** Holds the land queue and starts one lander per lane, each once the one before it queued: they queue in lane order. */
    Map<String, ChildProcess> queueUp(Map<String, Path> lanes, String sizes, List<String> check, Path reading) throws Exception {
        return queueUp(lanes, sizes, check, reading, Map.of());
    }

    /** As above, each lander with these environment variables too. */
    Map<String, ChildProcess> queueUp(Map<String, Path> lanes, String sizes, List<String> check, Path reading, Map<String, String> env)
            throws Exception {
        scene.holdLandQueue();
        Map<String, ChildProcess> landers = new LinkedHashMap<>();
        BatchBoard board = new BatchBoard(repo.main.resolve(".git"));
        for (Map.Entry<String, Path> lane : lanes.entrySet()) {
            List<String> args = new ArrayList<>(List.of(lane.getValue().toString(), queues.toString(), sizes));
            args.addAll(check);
            ChildProcesses.Launch launch = children.jvm(BatchLandWorker.class, args).log(tmp.resolve(lane.getKey() + ".log"));
            if (reading != null) {
                launch = launch.env(BatchLandWorker.READING, reading.toString());
            }
            for (Map.Entry<String, String> variable : env.entrySet()) {
                launch = launch.env(variable.getKey(), variable.getValue());
            }
            landers.put(lane.getKey(), launch.start());
            await().atMost(Duration.ofSeconds(60)).until(() -> scene.waiterOrder().equals(new ArrayList<>(landers.keySet()))
                    && board.request(lane.getKey()).isPresent());
        }
        return landers;
    }



}

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
        Map<String, Path> lanes = scene.lanes(3);
        lanes.forEach((name, dir) -> commit(dir, name + ".txt", name + "\n", "change of " + name));
        Map<String, ChildProcess> landers = queueUp(lanes, "1/3", List.of("sh", "-c", CHECK, started.toString(), "3"));
        List<String> order = scene.releaseGate();

        landers.forEach((name, lander) -> assertThat(lander.awaitExit(Duration.ofSeconds(120))).as(lander.output()).isZero());
        assertThat(repo.remoteLog()).containsExactlyElementsOf(LandingScene.expectedLog(order));
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
        Map<String, Path> lanes = scene.lanes(3);
        lanes.forEach((name, dir) -> commit(dir, name.equals("lane-1") ? "BAD" : name + ".txt", name + "\n", "change of " + name));
        Map<String, ChildProcess> landers = queueUp(lanes, "1/3", List.of("sh", "-c", CHECK, started.toString(), "0"));
        List<String> order = scene.releaseGate();
        assertThat(order).containsExactly("lane-1", "lane-2", "lane-3");

        for (String lane : List.of("lane-2", "lane-3")) {
            assertThat(landers.get(lane).awaitExit(Duration.ofSeconds(120))).as(landers.get(lane).output()).isZero();
        }
        assertThat(landers.get("lane-1").awaitExit(Duration.ofSeconds(60))).isEqualTo(2);
        assertThat(landers.get("lane-1").output()).contains("checks failed with lane lane-1");
        assertThat(repo.remoteLog()).containsExactlyElementsOf(LandingScene.expectedLog(List.of("lane-2", "lane-3")));
        List<String> lines = new LandHistory(repo.main.resolve(".git")).read().get(0).batch.steps;
        assertThat(lines).anyMatch(l -> l.startsWith("check: lane-1 on origin/main failed"))
                .anyMatch(l -> l.startsWith("check: lane-2 on origin/main passed"))
                .anyMatch(l -> l.startsWith("check: lane-3 on lane-2 passed"));
    }

    @Test
    @Timeout(240)
    void theCoordinatorKilledDuringTheChecksLeavesNoCheckAndTheNextLanderLandsThem() throws Exception {
        Map<String, Path> lanes = scene.lanes(3);
        lanes.forEach((name, dir) -> commit(dir, name + ".txt", name + "\n", "change of " + name));
        Path hold = Files.createFile(tmp.resolve("hold"));
        // Each check marks its start, then stalls while the hold file is there.
        String stall = "touch \"$1/$$\"; while [ -f \"$0\" ]; do sleep 0.1; done; exit 0";
        Map<String, ChildProcess> landers = queueUp(lanes, "1/3", List.of("sh", "-c", stall, hold.toString(), started.toString()));
        String before = repo.remoteHead();
        List<String> order = scene.releaseGate();

        await().atMost(Duration.ofSeconds(120)).until(() -> Stream.of(started.toFile().list()).count() == 3);
        List<ProcessHandle> checks = new ArrayList<>();
        ChildProcess leader = landers.get(order.get(0));
        leader.process().descendants().filter(p -> p.info().command().orElse("").endsWith("sh")).forEach(checks::add);
        orphans.addAll(checks);
        leader.kill9();

        await("the watchdog stops each check build").atMost(Duration.ofSeconds(60))
                .until(() -> checks.stream().noneMatch(ProcessHandle::isAlive));
        assertThat(checks).hasSizeGreaterThanOrEqualTo(3);
        assertThat(repo.remoteHead()).as("nothing pushed").isEqualTo(before);
        Files.delete(hold);
        for (String lane : order.subList(1, 3)) {
            assertThat(landers.get(lane).awaitExit(Duration.ofSeconds(90))).as(landers.get(lane).output()).isZero();
        }
        assertThat(repo.remoteLog()).containsExactlyElementsOf(LandingScene.expectedLog(order.subList(1, 3)));
        assertThat(git(lanes.get(order.get(0)), "log", "-1", "--format=%s")).as("the leader's lane intact")
                .isEqualTo("change of " + order.get(0));
        assertThat(git(repo.main, "worktree", "list")).as("the killed leader's check worktrees removed").doesNotContain("queuelock");
    }

    @Test
    @Timeout(150)
    void everyCheckSideBySideHoldsABuildSlotOfItsOwnSoTheBuildQueueCountsThemAll() throws Exception {
        Map<String, Path> lanes = scene.lanes(3);
        lanes.forEach((name, dir) -> commit(dir, name + ".txt", name + "\n", "change of " + name));
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
        landers.forEach((name, lander) -> assertThat(lander.awaitExit(Duration.ofSeconds(120))).as(lander.output()).isZero());
        assertThat(repo.remoteLog()).containsExactlyElementsOf(LandingScene.expectedLog(order));
    }

    @Test
    @Timeout(150)
    void autoDecidesAsTheLanderLeadsFromTheMachineThenNotAsItStarted() throws Exception {
        Map<String, Path> lanes = scene.lanes(3);
        lanes.forEach((name, dir) -> commit(dir, name + ".txt", name + "\n", "change of " + name));
        Path reading = Files.writeString(tmp.resolve("reading"), BUSY);
        Map<String, ChildProcess> landers = queueUp(lanes, "1/auto", List.of("sh", "-c", CHECK, started.toString(), "3"), reading);
        Files.writeString(reading, CALM); // the builds that kept the machine busy ended while the landers waited
        List<String> order = scene.releaseGate();

        landers.forEach((name, lander) -> assertThat(lander.awaitExit(Duration.ofSeconds(120))).as(lander.output()).isZero());
        assertThat(landers.get(order.get(0)).output()).contains(BatchLandWorker.AT_ONCE + "4 (queuelock.land.parallel=auto");
        assertThat(repo.remoteLog()).containsExactlyElementsOf(LandingScene.expectedLog(order));
        assertThat(new LandHistory(repo.main.resolve(".git")).read().get(0).batch.steps)
                .anyMatch(l -> l.startsWith("checks side by side: 3 run, up to 4 at once"));
    }

    @Test
    @Timeout(150)
    void aRoundAfterAFailureAheadDecidesAgainFromTheMachineAsItIsThen() throws Exception {
        Map<String, Path> lanes = scene.lanes(3);
        lanes.forEach((name, dir) -> commit(dir, name.equals("lane-1") ? "BAD" : name + ".txt", name + "\n", "change of " + name));
        Path reading = Files.writeString(tmp.resolve("reading"), CALM);
        // A check of a candidate with BAD (lane-1's, and those on it) leaves the machine busy as it fails.
        String check = "if [ -f BAD ]; then echo '" + BUSY + "' > \"$0\"; exit 1; fi";
        Map<String, ChildProcess> landers = queueUp(lanes, "1/auto", List.of("sh", "-c", check, reading.toString()), reading);
        List<String> order = scene.releaseGate();
        assertThat(order).containsExactly("lane-1", "lane-2", "lane-3");

        for (String lane : List.of("lane-2", "lane-3")) {
            assertThat(landers.get(lane).awaitExit(Duration.ofSeconds(120))).as(landers.get(lane).output()).isZero();
        }
        assertThat(landers.get("lane-1").awaitExit(Duration.ofSeconds(60))).isEqualTo(2);
        String leader = landers.get("lane-1").output();
        assertThat(leader).contains(BatchLandWorker.AT_ONCE + "4 (");
        assertThat(leader.split("for the next round: up to 1 \\(", -1)).as("two rounds after the failure, one check each: " + leader)
                .hasSize(3);
        assertThat(repo.remoteLog()).containsExactlyElementsOf(LandingScene.expectedLog(List.of("lane-2", "lane-3")));
        assertThat(new LandHistory(repo.main.resolve(".git")).read().get(0).batch.steps)
                .anyMatch(l -> l.startsWith("check: lane-2 on origin/main passed"))
                .anyMatch(l -> l.startsWith("check: lane-3 on lane-2 passed"));
    }

    // ---- scaffolding (the scene is LandingScene, shared with BatchLandingTest)

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

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
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Execution;
import org.junit.jupiter.api.parallel.ExecutionMode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Batched landing with real git, real checks ({@code sh -c 'test ! -f BAD'}) and every
 * lander in its own JVM. The test holds the land queue while the landers queue up, so the first of
 * them finds all the others waiting behind it when it gets its turn: a check need take no time for
 * a batch to form. Two scenarios run at once: each has its own repository, queues and landers.
 */
@Execution(ExecutionMode.CONCURRENT)
class BatchLandingTest {

    /** Counts its runs in the file given as $0, fails if the candidate has a file BAD. */
    static final String CHECK = "echo run >> \"$0\"; test ! -f BAD";

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    GitFixture repo;
    Path queues;
    QueueLockFactory locks;
    Path checkRuns;
    final List<ProcessHandle> orphans = new ArrayList<>();

    @BeforeEach
    void setUp() throws IOException {
        repo = new GitFixture(Files.createDirectory(tmp.resolve("repo")));
        queues = Files.createDirectory(tmp.resolve("queues"));
        locks = QueueLockFactory.defaults().withTmpDir(queues).withPollInterval(Duration.ofMillis(50));
        scene = new LandingScene(repo, locks);
        checkRuns = tmp.resolve("check-runs");
    }

    @AfterEach
    void killOrphans() {
        orphans.forEach(ProcessHandle::destroyForcibly);
    }

    /** All queued behind the leader when it gets its turn: one batch, one check build, for a batch of four as of six. */
    @ParameterizedTest(name = "{0} lanes")
    @ValueSource(ints = {4, 6})
    @Timeout(120)
    void lanesQueuedTogetherLandInQueueOrderAfterOneCheckRun(int count) throws Exception {
        Map<String, Path> lanes = scene.lanes(count);
        lanes.forEach((name, dir) -> commit(dir, name + ".txt", name + "\n", "change of " + name));

        Map<String, ChildProcess> landers = queueUp(lanes, count, List.of("sh", "-c", CHECK, checkRuns.toString()));
        List<String> order = scene.releaseGate();

        landers.forEach((name, lander) -> assertThat(lander.awaitExit(Duration.ofSeconds(90))).as(lander.output()).isZero());
        assertThat(repo.remoteLog()).containsExactlyElementsOf(LandingScene.expectedLog(order));
        assertThat(git(repo.main, "rev-list", "--merges", repo.remoteHead())).as("linear history").isEmpty();
        assertThat(Files.readAllLines(checkRuns)).as("check builds").hasSize(1);
        for (Map.Entry<String, Path> lane : lanes.entrySet()) {
            Path dir = lane.getValue();
            assertThat(git(dir, "log", "-1", "--format=%s")).as("branch moved to its landed commit").isEqualTo("change of " + lane.getKey());
            assertThat(git(repo.main, "merge-base", "--is-ancestor", git(dir, "rev-parse", "HEAD"), repo.remoteHead())).isEmpty();
            assertThat(git(dir, "status", "--porcelain")).as("worktree clean").isEmpty();
        }
        List<LandRun> history = new LandHistory(repo.main.resolve(".git")).read();
        assertThat(history).hasSize(count).allSatisfy(run -> {
            assertThat(run.outcome()).isEqualTo(Outcome.LANDED);
            assertThat(run.batch.members).containsExactlyElementsOf(order);
            assertThat(run.batch.checkRuns).isEqualTo(1);
        });
        assertThat(git(repo.main, "worktree", "list")).as("scratch worktree removed").doesNotContain("queuelock");
    }

    /**
     * Wherever the culprit stands in the queue (the landers' start decides that), it is named
     * within the bisection's bound, 1 + ⌈log2 n⌉ + 1 check builds, and every other lane lands.
     */
    @ParameterizedTest(name = "{1} among {0}")
    @CsvSource({"4, lane-3", "6, lane-4"})
    @Timeout(150)
    void oneBadLaneIsNamedWithinTheBisectionsBoundAndTheOthersLand(int count, String bad) throws Exception {
        Map<String, Path> lanes = scene.lanes(count);
        lanes.forEach((name, dir) -> commit(dir, name.equals(bad) ? "BAD" : name + ".txt", name + "\n", "change of " + name));
        Map<String, ChildProcess> landers = queueUp(lanes, count, List.of("sh", "-c", CHECK, checkRuns.toString()));
        List<String> order = scene.releaseGate();

        Map<String, Integer> exits = new LinkedHashMap<>();
        landers.forEach((name, lander) -> exits.put(name, lander.awaitExit(Duration.ofSeconds(120))));

        List<String> good = order.stream().filter(l -> !l.equals(bad)).collect(Collectors.toList());
        good.forEach(l -> assertThat(exits.get(l)).as(landers.get(l).output()).isZero());
        assertThat(exits.get(bad)).as(landers.get(bad).output()).isEqualTo(2);
        assertThat(landers.get(bad).output()).contains("checks failed with lane " + bad).contains("Log: ");
        assertThat(repo.remoteLog()).containsExactlyElementsOf(LandingScene.expectedLog(good));
        int bound = 1 + (32 - Integer.numberOfLeadingZeros(count - 1)) + 1;
        assertThat(Files.readAllLines(checkRuns)).as("check builds, at most %d", bound).hasSizeLessThanOrEqualTo(bound);
        assertThat(git(lanes.get(bad), "log", "-1", "--format=%s")).isEqualTo("change of " + bad);
    }

    @Test
    @Timeout(120)
    void aLaneConflictingWithAnEarlierOneIsDroppedAndTheOthersLand() throws Exception {
        Map<String, Path> lanes = scene.lanes(4);
        // lane-2 and lane-3 both rewrite README.md: whichever queued later conflicts with the other.
        lanes.forEach((name, dir) -> commit(dir, name.equals("lane-2") || name.equals("lane-3") ? "README.md" : name + ".txt",
                name + "\n", "change of " + name));
        Map<String, ChildProcess> landers = queueUp(lanes, 4, List.of("sh", "-c", CHECK, checkRuns.toString()));
        List<String> order = scene.releaseGate();
        String clash = order.indexOf("lane-2") > order.indexOf("lane-3") ? "lane-2" : "lane-3";

        Map<String, Integer> exits = new LinkedHashMap<>();
        landers.forEach((name, lander) -> exits.put(name, lander.awaitExit(Duration.ofSeconds(90))));

        List<String> good = order.stream().filter(l -> !l.equals(clash)).collect(Collectors.toList());
        good.forEach(l -> assertThat(exits.get(l)).as(landers.get(l).output()).isZero());
        assertThat(landers.get(clash).output()).contains("conflicts with").contains("the lane is unchanged");
        assertThat(repo.remoteLog()).containsExactlyElementsOf(LandingScene.expectedLog(good));
        assertThat(git(lanes.get(clash), "status", "--porcelain")).isEmpty();
        assertThat(git(lanes.get(clash), "log", "-1", "--format=%s")).isEqualTo("change of " + clash);
    }

    @Test
    @Timeout(150)
    void aLeaderKilledMidBatchPushesNothingAndTheWaitersLandAfterwards() throws Exception {
        Map<String, Path> lanes = scene.lanes(4);
        lanes.forEach((name, dir) -> commit(dir, name + ".txt", name + "\n", "change of " + name));
        Path hold = Files.createFile(tmp.resolve("hold"));
        Path started = tmp.resolve("started");
        String stall = "[ -f \"$0\" ] && { touch \"$1\"; sleep 60; }; exit 0";
        Map<String, ChildProcess> landers = queueUp(lanes, 4, List.of("sh", "-c", stall, hold.toString(), started.toString()));
        String before = repo.remoteHead();
        List<String> order = scene.releaseGate();

        await().atMost(Duration.ofSeconds(60)).until(() -> Files.exists(started));
        ChildProcess leader = landers.get(order.get(0));
        leader.process().descendants().forEach(orphans::add);
        leader.kill9();
        Files.delete(hold);
        orphans.forEach(ProcessHandle::destroyForcibly); // its check, orphaned by the kill as in real life

        assertThat(repo.remoteHead()).as("nothing pushed").isEqualTo(before);
        for (String lane : order.subList(1, order.size())) {
            ChildProcess waiter = landers.get(lane);
            assertThat(waiter.awaitExit(Duration.ofSeconds(90))).as(waiter.output()).isZero();
            assertThat(waiter.output()).contains("taken into batch").contains("led by lane " + order.get(0));
        }
        // The next in the queue got the land queue and found its verdict of the dead leader: it said so.
        assertThat(landers.get(order.get(1)).output()).contains("is gone without a verdict; nothing of it was pushed");
        assertThat(repo.remoteLog()).containsExactlyElementsOf(LandingScene.expectedLog(order.subList(1, order.size())));
        assertThat(git(repo.main, "worktree", "list")).as("the killed leader's scratch worktree removed").doesNotContain("queuelock");
    }

    @Test
    @Timeout(120)
    void aWaiterKilledBeforeTheBatchIsLeftOut() throws Exception {
        Map<String, Path> lanes = scene.lanes(3);
        lanes.forEach((name, dir) -> commit(dir, name + ".txt", name + "\n", "change of " + name));
        Map<String, ChildProcess> landers = queueUp(lanes, 3, List.of("sh", "-c", CHECK, checkRuns.toString()));
        List<String> order = scene.waiterOrder();
        landers.get(order.get(1)).kill9();
        scene.releaseGate();

        for (String lane : List.of(order.get(0), order.get(2))) {
            assertThat(landers.get(lane).awaitExit(Duration.ofSeconds(90))).as(landers.get(lane).output()).isZero();
        }
        assertThat(repo.remoteLog()).containsExactlyElementsOf(LandingScene.expectedLog(List.of(order.get(0), order.get(2))));
        assertThat(Files.readAllLines(checkRuns)).hasSize(1);
    }

    /** Nothing to land is no failure, in a batch too: a lane already on main is told so, and the others land. */
    @Test
    @Timeout(120)
    void aLaneAlreadyOnMainHasNothingToLandInABatch() throws Exception {
        Map<String, Path> lanes = scene.lanes(3);
        lanes.forEach((name, dir) -> commit(dir, name + ".txt", name + "\n", "change of " + name));
        git(lanes.get("lane-2"), "push", "--quiet", "origin", "HEAD:main");
        Map<String, ChildProcess> landers = queueUp(lanes, 3, List.of("sh", "-c", CHECK, checkRuns.toString()));
        scene.releaseGate();

        landers.forEach((name, lander) -> assertThat(lander.awaitExit(Duration.ofSeconds(90))).as(lander.output()).isZero());
        assertThat(landers.get("lane-2").output()).contains("nothing to land: lane lane-2 is already on origin/main")
                .contains("OUTCOME nothing-to-land");
        assertThat(repo.remoteLog()).hasSize(4).containsOnlyOnce("change of lane-2");
        assertThat(new LandHistory(repo.main.resolve(".git")).read()).filteredOn(r -> r.lane.equals("lane-2"))
                .singleElement().extracting(r -> r.outcome()).isEqualTo(Outcome.NOTHING_TO_LAND);
    }

    // ---- scaffolding

    LandingScene scene;


    /** Holds the land queue, starts one lander JVM per lane and waits until all queue and publish. */
    Map<String, ChildProcess> queueUp(Map<String, Path> lanes, int batch, List<String> check) throws Exception {
        scene.holdLandQueue();
        Map<String, ChildProcess> landers = new LinkedHashMap<>();
        lanes.forEach((name, dir) -> {
            List<String> args = new ArrayList<>(List.of(dir.toString(), queues.toString(), Integer.toString(batch)));
            args.addAll(check);
            landers.put(name, children.jvm(BatchLandWorker.class, args).log(tmp.resolve(name + ".log")).start());
        });
        BatchBoard board = new BatchBoard(repo.main.resolve(".git"));
        // Every lane named in the queue: a ticket caught between its creation and its body reads as lane "?".
        await().atMost(Duration.ofSeconds(60)).until(() -> {
            List<String> queued = scene.waiterOrder();
            return queued.size() == lanes.size() && Set.copyOf(queued).equals(lanes.keySet())
                    && lanes.keySet().stream().allMatch(l -> board.request(l).isPresent());
        });
        return landers;
    }



}

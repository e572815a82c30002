package dev.queuelock.land.engine;

import static dev.queuelock.testsupport.GitFixture.commit;
import static dev.queuelock.testsupport.GitFixture.git;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.base.RecordedLog;
import dev.queuelock.land.checks.Checks;
import dev.queuelock.land.checks.CommandChecks;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.git.LandTarget;
import dev.queuelock.land.history.Activity;
import dev.queuelock.land.history.HistoryChart;
import dev.queuelock.land.history.LandHistory;
import dev.queuelock.land.history.LandRun;
import dev.queuelock.land.history.LandStats;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.GitFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** land on real git: a bare remote in a temp dir and lane worktrees of one clone. */
@Timeout(60)
class LanderTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    GitFixture repo;
    QueueLockFactory locks;
    final RecordedLog log = new RecordedLog();
    final List<String> logged = log.lines();

    @BeforeEach
    void setUp() throws IOException {
        repo = new GitFixture(Files.createDirectory(tmp.resolve("repo")));
        locks = QueueLockFactory.defaults().withTmpDir(Files.createDirectory(tmp.resolve("queues")))
                .withPollInterval(Duration.ofMillis(50));
    }

    Lander lander(Path lane, Checks checks) {
        return lander(lane, checks, CheckAndPushSettings.defaults());
    }

    Lander lander(Path lane, Checks checks, CheckAndPushSettings settings) {
        return new Lander(new Git(lane), settings, checks, locks.open("land", lane), locks.open("build", lane), log);
    }

    @Test
    void landsARebasedLaneFastForwardsMainAndRecordsIt() throws Exception {
        Path lane = repo.lane("feature");
        commit(lane, "a.txt", "a\n", "add a");
        commit(repo.main, "other.txt", "x\n", "meanwhile on main");
        git(repo.main, "push", "--quiet", "origin", "main");

        LandResult result = lander(lane, Checks.NONE).land();

        assertThat(result.outcome()).isEqualTo(Outcome.LANDED);
        assertThat(repo.remoteHead()).isEqualTo(result.commit()).isEqualTo(git(lane, "rev-parse", "HEAD"));
        assertThat(repo.remoteLog()).containsExactly("add a", "meanwhile on main", "initial");
        assertThat(git(repo.main, "rev-parse", "HEAD")).as("main checkout fast-forwarded").isEqualTo(result.commit());
        List<LandRun> history = new LandHistory(repo.main.resolve(".git")).read();
        assertThat(history).singleElement().satisfies(r -> {
            assertThat(r.outcome()).isEqualTo(Outcome.LANDED);
            assertThat(r.branch).isEqualTo("feature");
            assertThat(r.phases).containsKeys("queueWait", "fetch", "rebase", "checks", "push", "sync");
        });
    }

    @Test
    void aLandRecordsTheWholeCommandFromProcessStartWithItsSlotWaitApartFromItsChecks() throws Exception {
        Path lane = repo.lane("waiter");
        commit(lane, "w.txt", "w\n", "add w");
        QueueLock build = locks.open("build", repo.main);
        build.acquire(AcquireOptions.defaults().withLabel("a build the check waits for"));
        long processStart = System.currentTimeMillis() - 30_000; // as if the JVM had started 30 s ago
        AtomicReference<LandResult> landed = new AtomicReference<>();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        Thread lander = new Thread(() -> {
            try {
                landed.set(lander(lane, Checks.NONE).startedAt(processStart, processStart + 20_000, processStart + 25_000).land());
            } catch (Throwable e) {
                failures.add(e);
            }
        });
        lander.start();
        Activity activity = Activity.of(repo.main.resolve(".git"));
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(30)).until(() ->
                locks.snapshot("build", lane).waiters().stream().anyMatch(w -> w.lane().equals("waiter")));
        List<String> phases = activity.read().stream().filter(line -> line.lane().equals("waiter"))
                .map(line -> line.phase().map(Phase::id).orElse("")).collect(Collectors.toList());
        assertThat(phases).as("what the watch shows while the check waits for a slot").endsWith("slotWait");
        build.release();
        lander.join();

        assertThat(failures).isEmpty();
        assertThat(landed.get().outcome()).isEqualTo(Outcome.LANDED);
        LandRun run = new LandHistory(repo.main.resolve(".git")).read().get(0);
        assertThat(run.phases).containsKeys("startUp", "queueWait", "fetch", "rebase", "slotWait", "checks", "push", "sync");
        assertThat(run.phases.get("startUp")).as("process start to its queueing").isGreaterThanOrEqualTo(30_000);
        assertThat(run.totalMs).as("the whole command").isGreaterThanOrEqualTo(run.phases.get("startUp") + run.phases.get("slotWait"));
        assertThat(java.util.Arrays.stream(Phase.values()).mapToLong(run::phase).sum()).as("the phases, each once")
                .isLessThanOrEqualTo(run.totalMs);
        assertThat(new LandHistory(repo.main.resolve(".git")).read()).as("recorded once").hasSize(1);
        assertThat(logged).as("the command's time before it landed, told after the landing")
                .anySatisfy(line -> assertThat(line).startsWith("INFO before landing: ").contains("JVM start").contains("Maven start-up"));
    }

    @Test
    void threeLanesLandingAtOnceLandInQueueOrderOnALinearHistory() throws Exception {
        List<Path> lanes = List.of(repo.lane("first"), repo.lane("second"), repo.lane("third"));
        for (Path lane : lanes) {
            commit(lane, lane.getFileName() + ".txt", "x\n", "change of " + lane.getFileName());
        }
        Checks slow = new CommandChecks(List.of("sleep", "1"), java.util.Map.of());
        List<Thread> landers = new java.util.ArrayList<>();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        for (Path lane : lanes) {
            Thread t = new Thread(() -> {
                try {
                    lander(lane, slow).land();
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            t.start();
            landers.add(t);
            // Enroll one after another: wait until this lander holds or queues before starting the next.
            org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(20)).until(() -> {
                var land = locks.snapshot("land", lane);
                return land.holders().stream().findFirst().isPresent() && land.holders().stream().findFirst().get().lane().equals(lane.getFileName().toString())
                        || land.waiters().stream().anyMatch(w -> w.lane().equals(lane.getFileName().toString()));
            });
        }
        for (Thread t : landers) {
            t.join();
        }

        assertThat(failures).isEmpty();
        assertThat(repo.remoteLog()).containsExactly("change of third", "change of second", "change of first", "initial");
        assertThat(git(repo.main, "rev-list", "--merges", repo.remoteHead())).as("no merge commits").isEmpty();
    }

    @Test
    void aLanderKilledMidFlightLosesNothingFreesTheQueuesAndIsExplainedNextTime() throws Exception {
        Path lane = repo.lane("victim");
        commit(lane, "v.txt", "v\n", "victim work");
        String original = git(lane, "rev-parse", "HEAD");
        Path started = tmp.resolve("checks-started");
        Path queues = tmp.resolve("queues");
        ChildProcess worker = children.jvm(LandWorker.class,
                lane.toString(), queues.toString(), "sh", "-c", "touch '" + started + "'; sleep 60")
                .tmpDir(queues).log(tmp.resolve("worker.log")).start();
        org.awaitility.Awaitility.await().atMost(Duration.ofSeconds(40)).until(() -> Files.exists(started));
        List<ProcessHandle> checkProcesses = worker.process().descendants().collect(Collectors.toList());
        worker.kill9(); // while its checks run
        checkProcesses.forEach(ProcessHandle::destroyForcibly); // orphaned by the kill, as in real life

        LandResult result = lander(lane, Checks.NONE).land();

        assertThat(result.outcome()).isEqualTo(Outcome.LANDED);
        assertThat(logged).anySatisfy(line -> assertThat(line).startsWith("WARN the previous land of this lane")
                .contains("interrupted during checks").contains(original));
        assertThat(git(lane, "log", "--format=%s", "-1")).isEqualTo("victim work");
        assertThat(git(lane, "reflog", "--format=%H")).contains(original);
    }

    @Test
    void conflictIsAbortedAndLeavesTheLaneExactlyAsItWas() throws Exception {
        Path lane = repo.lane("clash");
        commit(lane, "README.md", "lane version\n", "lane edit");
        commit(repo.main, "README.md", "main version\n", "main edit");
        git(repo.main, "push", "--quiet", "origin", "main");
        String before = git(lane, "rev-parse", "HEAD");
        String remoteBefore = repo.remoteHead();

        LandResult refused = lander(lane, Checks.NONE).land();

        assertThat(refused.outcome()).as("a refusal is returned, not thrown").isEqualTo(Outcome.REBASE_CONFLICT);
        assertThat(refused.message()).contains("conflicted and was aborted").contains("git rebase");
        assertThat(logged).as("told once, by the caller that fails with it").noneMatch(line -> line.contains("conflicted"));

        assertThat(git(lane, "rev-parse", "HEAD")).isEqualTo(before);
        assertThat(git(lane, "status", "--porcelain")).isEmpty();
        assertThat(repo.remoteHead()).isEqualTo(remoteBefore);
        assertThat(locks.snapshot("land", lane).holders().stream().findFirst()).as("land queue released").isEmpty();
        assertThat(new LandHistory(repo.main.resolve(".git")).read()).singleElement()
                .extracting(r -> r.outcome()).isEqualTo(Outcome.REBASE_CONFLICT);
    }

    @Test
    void failedChecksPushNothingAndNameTheLog() throws Exception {
        Path lane = repo.lane("broken");
        commit(lane, "b.txt", "b\n", "add b");
        String remoteBefore = repo.remoteHead();
        Checks failing = new CommandChecks(List.of("sh", "-c", "echo compile error; exit 1"), java.util.Map.of());

        LandResult refused = lander(lane, failing).land();

        assertThat(refused.outcome()).isEqualTo(Outcome.CHECK_FAILED);
        assertThat(refused.succeeded()).isFalse();
        assertThat(refused.message()).contains("checks failed").contains("nothing was pushed");

        assertThat(repo.remoteHead()).isEqualTo(remoteBefore);
        assertThat(checkLogs("broken")).singleElement().satisfies(log -> assertThat(log).content().contains("compile error"));
    }

    /** A waiter warned of a long hold learns where a lander's checks write from the lander's record in the build queue. */
    @Test
    void whileItsChecksRunTheLandersBuildSlotNamesWhereTheirLogsAre() throws Exception {
        Path lane = repo.lane("named");
        commit(lane, "n.txt", "n\n", "add n");
        AtomicReference<Path> logOfTheRun = new AtomicReference<>();
        AtomicReference<List<String>> outputsSeen = new AtomicReference<>();
        Checks looking = new Checks() {
            @Override
            public String describe() {
                return "look at the build queue";
            }

            @Override
            public boolean run(Path worktree, Path log) {
                logOfTheRun.set(log);
                outputsSeen.set(locks.snapshot("build", lane).holders().stream()
                        .map(h -> h.output().orElse("none")).collect(Collectors.toList()));
                return true;
            }
        };

        assertThat(lander(lane, looking).land().outcome()).isEqualTo(Outcome.LANDED);

        assertThat(outputsSeen.get()).containsExactly(logOfTheRun.get().getParent().toString());
    }

    /** A failed check is fixed from its report alone. */
    @Test
    void aFailedCheckListsTheFailingTestsNamesTheTestedCommitKeepsEachLogAndSaysHowToGoBack() throws Exception {
        Path lane = repo.lane("failing");
        commit(lane, "f.txt", "f\n", "add f");
        String before = git(lane, "rev-parse", "HEAD");
        commit(repo.main, "other.txt", "x\n", "meanwhile on main");
        git(repo.main, "push", "--quiet", "origin", "main");
        Path script = Files.writeString(tmp.resolve("surefire.sh"), "sleep 0.3; cat <<'EOF'\n"
                + "[INFO] Running dev.example.FooTest\n"
                + "[ERROR] Tests run: 2, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 0.03 s <<< FAILURE! -- in dev.example.FooTest\n"
                + "[INFO] Results:\n"
                + "[ERROR] Failures: \n"
                + "[ERROR]   FooTest.bar:12 expected: <1> but was: <2>\n"
                + "[INFO] \n"
                + "[ERROR] Tests run: 2, Failures: 1, Errors: 0, Skipped: 0\n"
                + "[ERROR] BUILD FAILURE\n"
                + "EOF\nexit 1\n");
        Checks surefire = new CommandChecks(List.of("sh", script.toString()), java.util.Map.of());

        LandResult failure = lander(lane, surefire).land();

        String rebased = git(lane, "rev-parse", "HEAD");
        assertThat(rebased).as("the lane stays rebased").isNotEqualTo(before);
        assertThat(failure.message()).contains("nothing was pushed")
                .contains("FooTest.bar:12 expected: <1> but was: <2>")
                .contains("Tests run: 2, Failures: 1, Errors: 0, Skipped: 0")
                .contains("checks failed on the rebased commit " + rebased.substring(0, 10))
                .contains("git reset --keep " + before)
                .doesNotContain("BUILD FAILURE");
        assertThat(lander(lane, surefire).land().outcome()).isEqualTo(Outcome.CHECK_FAILED);
        assertThat(checkLogs("failing")).as("one log per run, none overwritten").hasSize(2)
                .allSatisfy(log -> assertThat(log).content().contains("FooTest.bar:12"));
        git(lane, "reset", "--keep", before); // the recovery the message gives
        assertThat(git(lane, "log", "--format=%s")).isEqualTo("add f\ninitial");

        List<LandRun> history = new LandHistory(repo.main.resolve(".git")).read();
        assertThat(history).hasSize(2).allSatisfy(run -> {
            assertThat(run.outcome()).isEqualTo(Outcome.CHECK_FAILED);
            assertThat(run.phase(Phase.CHECKS)).as("checks phase of a failed run").isGreaterThanOrEqualTo(250);
        });
        assertThat(new HistoryChart(40).render(history).get(1)).contains("check-failed").contains("#");
    }

    /**
     * One lane, one name: a lane whose directory and branch differ was named by its branch in one line
     * ({@code land queue acquired for lane/1}) and by its directory in the next.
     */
    @Test
    void everyMessageNamesTheLaneByItsNameWithItsBranchInBrackets() throws Exception {
        Path lane = repo.root.resolve("shop-lane-1");
        git(repo.main, "worktree", "add", "--quiet", "-b", "lane/1", lane.toString(), "origin/main");
        commit(lane, "n.txt", "n\n", "add n");

        lander(lane, Checks.NONE).land();

        assertThat(logged).contains("INFO land queue acquired for lane shop-lane-1 (lane/1); landing onto origin/main")
                .anySatisfy(line -> assertThat(line).startsWith("INFO lane shop-lane-1 (lane/1) landed on origin/main at "))
                .noneSatisfy(line -> assertThat(line).containsPattern("(for|^INFO) lane/1"));
    }

    /** Nothing to land is no failure, and no landing either. */
    @Test
    void aLaneAlreadyOnMainHasNothingToLandRunsNoChecksAndIsNotCountedAsLanded() throws Exception {
        Path lane = repo.lane("done");
        commit(lane, "d.txt", "d\n", "already upstream");
        git(lane, "push", "--quiet", "origin", "HEAD:main"); // e.g. landed from another lane before
        git(repo.main, "pull", "--quiet", "--ff-only", "origin", "main");
        commit(repo.main, "later.txt", "l\n", "another lane's commit");
        git(repo.main, "push", "--quiet", "origin", "main");
        String remoteBefore = repo.remoteHead();
        Path ran = tmp.resolve("checks-ran");

        LandResult result = lander(lane, new CommandChecks(List.of("touch", ran.toString()), java.util.Map.of())).land();

        assertThat(result.outcome()).isEqualTo(Outcome.NOTHING_TO_LAND);
        assertThat(result.commit()).isNull();
        assertThat(ran).as("no checks run").doesNotExist();
        assertThat(repo.remoteHead()).isEqualTo(remoteBefore);
        assertThat(logged).anySatisfy(line -> assertThat(line).startsWith("INFO nothing to land: lane done is already on origin/main"))
                .noneSatisfy(line -> assertThat(line).contains("landed on"));
        List<LandRun> history = new LandHistory(repo.main.resolve(".git")).read();
        assertThat(history).singleElement().extracting(r -> r.outcome()).isEqualTo(Outcome.NOTHING_TO_LAND);
        assertThat(new LandStats(history).landingsPerHour()).as("not counted as a landing").isEmpty();
        assertThat(locks.snapshot("land", lane).holders().stream().findFirst()).as("land queue released").isEmpty();
    }

    List<Path> checkLogs(String lane) throws IOException {
        try (var logs = Files.list(repo.main.resolve(".git/queuelock/logs"))) {
            return logs.filter(f -> f.getFileName().toString().matches(lane + "-\\d{8}-\\d{6}-\\d{3}\\.log"))
                    .sorted().collect(Collectors.toList());
        }
    }

    @Test
    void remoteMovingDuringTheChecksIsRebasedCheckedAgainAndLanded() throws Exception {
        Path lane = repo.lane("racer");
        commit(lane, "r.txt", "r\n", "add r");
        Path other = repo.lane("sneaky");
        List<Path> checkedIn = new CopyOnWriteArrayList<>();
        Checks pushesOnFirstRun = new Checks() {
            @Override
            public String describe() {
                return "a check during which someone else pushes";
            }

            @Override
            public boolean run(Path worktree, Path log) {
                if (checkedIn.isEmpty()) {
                    commit(other, "s.txt", "s\n", "sneaked in");
                    git(other, "push", "--quiet", "origin", "HEAD:main");
                }
                checkedIn.add(worktree);
                return true;
            }
        };

        assertThat(lander(lane, pushesOnFirstRun).land().outcome()).isEqualTo(Outcome.LANDED);

        assertThat(new LandHistory(repo.main.resolve(".git")).read()).singleElement().satisfies(run -> assertThat(run.retries).isEqualTo(1));
        assertThat(checkedIn).hasSize(2);
        assertThat(repo.remoteLog()).containsExactly("add r", "sneaked in", "initial");
    }

    @Test
    void refusesBeforeQueueingWithTheFix() throws Exception {
        Path lane = repo.lane("dirty");
        commit(lane, "d.txt", "d\n", "add d");
        Files.writeString(lane.resolve("d.txt"), "changed\n");
        assertThatThrownBy(() -> lander(lane, Checks.NONE).land())
                .hasMessageContaining("uncommitted changes").hasMessageContaining("d.txt");

        git(lane, "checkout", "--", "d.txt");
        git(lane, "switch", "--quiet", "--detach");
        assertThatThrownBy(() -> lander(lane, Checks.NONE).land()).hasMessageContaining("HEAD is detached");

        git(lane, "switch", "--quiet", "dirty");
        CheckAndPushSettings protect = new CheckAndPushSettings(new LandTarget("origin", null, List.of("dirty")), List.of(), 3, true);
        assertThatThrownBy(() -> lander(lane, Checks.NONE, protect).land()).hasMessageContaining("refusing to land from 'dirty'");
        assertThatThrownBy(() -> lander(repo.main, Checks.NONE).land()).hasMessageContaining("refusing to land from 'main': land is"
                + " for lane branches; make a lane with mvn queuelock:lane (a worktree of its own on a new branch; it prints the path"
                + " last), commit there and run land from it.");

        try (var queues = Files.list(tmp.resolve("queues"))) {
            assertThat(queues).as("never queued").isEmpty();
        }
    }

    @Test
    void regenerableFilesAreRestoredAndDoNotBlock() throws Exception {
        Path lane = repo.lane("regen");
        commit(lane, "gen.lock", "v1\n", "add generated file");
        Files.writeString(lane.resolve("gen.lock"), "regenerated noise\n");
        CheckAndPushSettings settings = new CheckAndPushSettings(new LandTarget("origin", "main", List.of()), List.of("gen.lock"), 3, true);

        assertThat(lander(lane, Checks.NONE, settings).land().outcome()).isEqualTo(Outcome.LANDED);
        assertThat(lane.resolve("gen.lock")).hasContent("v1");
    }

    @Test
    void hostileNamesAreInert() throws Exception {
        String branch = "lane-$(touch${IFS}pwned);'\"x"; // git forbids spaces in branch names
        Path lane = repo.root.resolve("hostile lane");
        git(repo.main, "worktree", "add", "--quiet", "-b", branch, lane.toString(), "origin/main");
        commit(lane, "-rf file with 'quotes' and $(touch pwned2);.txt", "data\n", "odd names");

        assertThat(lander(lane, Checks.NONE).land().outcome()).isEqualTo(Outcome.LANDED);

        assertThat(new LandHistory(repo.main.resolve(".git")).read()).singleElement().satisfies(run -> assertThat(run.branch).isEqualTo(branch));
        assertThat(repo.remoteLog()).first().isEqualTo("odd names");
        assertThat(Files.exists(lane.resolve("pwned"))).isFalse();
        assertThat(Files.exists(repo.main.resolve("pwned"))).isFalse();
    }
}

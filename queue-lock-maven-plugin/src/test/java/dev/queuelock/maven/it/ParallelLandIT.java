package dev.queuelock.maven.it;

import static dev.queuelock.maven.it.ThreeModuleLanes.commitTest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.process.Processes;
import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Land checks side by side ({@code queuelock.land.parallel}) on the three-module project, real
 * Maven: lanes queued behind the held land queue are checked at once, each on the lanes ahead, and
 * land in order, a flaky test of the first rerun and refusing nobody, and a lane changing a leaf
 * independent of the lanes ahead says its check on main stands; when the first fails its test,
 * the others are checked again without it and land, and it is refused naming its test. A leader
 * killed with {@code kill -9} during its checks side by side loses no commit, leaves no process,
 * and the landers behind it land their lanes.
 */
class ParallelLandIT {

    private static final Duration LAND = Timing.forMaven();

    /** A killed leader's check builds, their Mavens and test JVMs are gone within 30 s of the kill (scaled by the timing knob). */
    private static final Duration ORPHANS_END = Timing.seconds(30);

    @ProjectOnMain
    LandingRepo repo;

    /**
     * As agents land: no gate, each lander started once the checks before it run. Lane a's test
     * is held until the test lets it go, and every check of the lanes (a on main, b on a, c on
     * a+b) runs it: b's and c's checks start while a's still runs, so b and c joined a's checks
     * instead of waiting for them to end. Then all land in queue order, linear, and the history
     * says who joined and on which lanes each check ran.
     */
    @Test
    @Timeout(900)
    void landersThatQueueWhileTheChecksRunJoinThemOnTopOfTheLanesAheadAndLandInOrder() throws Exception {
        Path started = Files.createDirectory(repo.work.resolve("started"));
        Path release = repo.work.resolve("release");
        String[] parallel = {"-Dqueuelock.land.parallel=3", "-Dqueuelock.build.slots=3"};
        List<Path> lanes = new ArrayList<>();
        for (String member : List.of("par-a", "par-b", "par-c")) {
            lanes.add(ThreeModuleLanes.addingAClass(repo, member, "app"));
        }
        commitTest(lanes.get(0), "HeldTest", "new File(\"" + started + "\", String.valueOf(ProcessHandle.current().pid()))"
                + ".createNewFile(); long end = System.currentTimeMillis() + 600_000;"
                + " while (!new File(\"" + release + "\").exists() && System.currentTimeMillis() < end) { Thread.sleep(100); }"
                + " assertTrue(\"let go by the test\", new File(\"" + release + "\").exists());");
        List<MavenRun> lands = new ArrayList<>();
        for (Path lane : lanes) {
            String name = lane.getFileName().toString();
            lands.add(repo.mvn(lane, "land-" + name, ThreeModuleLanes.landing(parallel)));
            int checks = lands.size();
            Awaitility.await(name + "'s check runs").atMost(LAND).pollInterval(Duration.ofMillis(200)).until(() -> {
                if (!lands.get(checks - 1).process().isAlive()) {
                    throw new AssertionError(name + "'s lander ended before its check ran:\n" + lands.get(checks - 1).log());
                }
                return started.toFile().list().length == checks;
            });
        }
        Files.createFile(release);

        for (MavenRun run : lands) {
            assertThat(run.awaitExit(LAND)).as(run.log()).isZero();
        }
        assertThat(repo.remoteSubjects("main")).as("in queue order").containsSubsequence("par-c work", "par-b work", "HeldTest", "par-a work");
        assertThat(LandingRepo.git(repo.origin, "rev-list", "--merges", "--count", "main")).as("linear").isEqualTo("0");
        String history = Files.readString(repo.main.resolve(".git/queuelock/land-history.json"));
        assertThat(history).contains("joined: par-b, queued while the checks ran", "joined: par-c, queued while the checks ran",
                "check: par-a on origin/main passed", "check: par-b on par-a passed", "check: par-c on par-a+par-b passed");
        assertThat(LandingRepo.git(repo.main, "worktree", "list")).doesNotContain("queuelock");
    }

    /**
     * Lanes a to c change app, d changes api. The first lane's test waits until three check builds
     * have run it (the checks of a, b and c, each holding the first lane; d's tests api alone): it
     * passes only if they run at once. The first lane's flaky test fails once in each of them and
     * is rerun there: nobody is refused. The fourth lane's check on the three ahead tests its own
     * module only, and its plan says its check on main stands.
     */
    @Test
    @Timeout(900)
    void lanesOnAsManySlotsAreCheckedAtOnceAndLandInOrderAFlakyTestRefusingNobodyAndAnIndependentLeafStanding() throws Exception {
        Path started = Files.createDirectory(repo.work.resolve("started"));
        List<MavenRun> lands = queuedBehindTheHeldLandQueue(List.of("par-a", "par-b", "par-c", "par-d"),
                lane -> lane.endsWith("par-d") ? "api" : "app", lane -> {
            if (lane.endsWith("par-a")) {
                commitTest(lane, "TogetherTest", "new File(\"" + started + "\", String.valueOf(ProcessHandle.current().pid()))"
                        + ".createNewFile(); long end = System.currentTimeMillis() + 240_000;"
                        + " while (new File(\"" + started + "\").list().length < 3 && System.currentTimeMillis() < end) { Thread.sleep(100); }"
                        + " assertTrue(\"three checks at once\", new File(\"" + started + "\").list().length >= 3);");
                commitTest(lane, "FlakyTest", ThreeModuleLanes.FLAKY);
            }
        });
        for (MavenRun run : lands) {
            assertThat(run.awaitExit(LAND)).as(run.log()).isZero();
        }
        assertThat(repo.remoteSubjects("main")).containsSubsequence("par-d work", "par-c work", "par-b work", "par-a work");
        assertThat(lands.get(0).log()).contains("check: flaky test (failed, then passed when run again): shop.app.FlakyTest.check")
                .contains("its check on main stands").contains("check: tested: dev.queuelock.its:api");
        String history = Files.readString(repo.main.resolve(".git/queuelock/land-history.json"));
        assertThat(history).contains("check: par-a on origin/main passed", "check: par-b on par-a passed",
                "check: par-c on par-a+par-b passed", "check: par-d on par-a+par-b+par-c passed", "checks side by side: 4 run, up to 4 at once");
        assertThat(LandingRepo.git(repo.main, "worktree", "list")).doesNotContain("queuelock");
    }

    @Test
    @Timeout(900)
    void theFirstFailingItsTestIsRefusedNamingItAndTheOthersAreRecheckedWithoutItAndLand() throws Exception {
        List<MavenRun> lands = queuedBehindTheHeldLandQueue(List.of("par-a", "par-b", "par-c"), lane -> "app", lane -> {
            if (lane.endsWith("par-a")) {
                commitTest(lane, "BrokenTest", ThreeModuleLanes.BROKEN);
            }
        });
        assertThat(lands.get(0).awaitExit(LAND)).as(lands.get(0).log()).isEqualTo(1);
        assertThat(lands.get(0).log()).contains("BrokenTest");
        for (MavenRun run : lands.subList(1, 3)) {
            assertThat(run.awaitExit(LAND)).as(run.log()).isZero();
        }
        assertThat(repo.remoteSubjects("main")).contains("par-b work", "par-c work").doesNotContain("par-a work", "BrokenTest");
        String history = Files.readString(repo.main.resolve(".git/queuelock/land-history.json"));
        assertThat(history).contains("check: par-a on origin/main failed", "check: par-b on origin/main passed",
                "check: par-c on par-b passed");
    }

    /**
     * Lanes a to c change app; a's test is held until the test lets it go, so the three checks of
     * the leader a (a on main, b on a, c on a+b) each hold it. Once all three run it, and the
     * leader's process layer knows them as its own, the leader's JVM alone is killed ({@code kill -9}:
     * no hook runs, its check builds are left to its watchdog). Nothing is pushed, every check
     * process ends, b's lander takes the land queue and lands b and c, a's branch is as it was,
     * and a's next land says what was interrupted and lands it. In both process layers.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"linux", "portable"})
    @Timeout(900)
    void aLeaderKilledDuringItsChecksLosesNoCommitLeavesNoProcessAndTheLandersBehindItLand(String layer) throws Exception {
        Path started = Files.createDirectory(repo.work.resolve("started"));
        Path release = repo.work.resolve("release");
        Map<String, String> env = Map.of(Processes.ENV, layer);
        String[] parallel = {"-Dqueuelock.land.parallel=3", "-Dqueuelock.build.slots=3"};
        List<MavenRun> lands = ThreeModuleLanes.queuedBehindTheHeldLandQueue(repo, env, List.of("par-a", "par-b", "par-c"),
                lane -> "app", lane -> {
                    if (lane.endsWith("par-a")) {
                        commitTest(lane, "HeldTest", "new File(\"" + started + "\", String.valueOf(ProcessHandle.current().pid()))"
                                + ".createNewFile(); long end = System.currentTimeMillis() + 600_000;"
                                + " while (!new File(\"" + release + "\").exists() && System.currentTimeMillis() < end) { Thread.sleep(100); }"
                                + " assertTrue(\"let go by the test\", new File(\"" + release + "\").exists());");
                    }
                }, parallel);
        MavenRun leader = lands.get(0);
        long pid = leader.process().pid();
        Processes leadersLayer = Processes.forEnvironment(layer);
        String start = leadersLayer.startToken(pid).orElseThrow();
        try {
            Awaitility.await().atMost(LAND).pollInterval(Duration.ofMillis(100)).until(() -> {
                if (!leader.process().isAlive()) {
                    throw new AssertionError("the leader ended before its checks ran:\n" + leader.log());
                }
                return started.toFile().list().length == 3 && leadersLayer.startedBy(pid, start).size() >= 3;
            });
        } catch (ConditionTimeoutException e) {
            // Which part never came: the checks' tests, or the layer's record of the check builds.
            throw new AssertionError("checks started: " + started.toFile().list().length + " of 3, check builds known to the "
                    + layer + " layer: " + leadersLayer.startedBy(pid, start).size() + "; the leader's log:\n" + leader.log(), e);
        }
        List<ProcessHandle> checkProcesses = leader.process().descendants().collect(Collectors.toList());
        String mainBefore = LandingRepo.git(repo.origin, "rev-parse", "main");
        String laneBefore = LandingRepo.git(repo.main, "rev-parse", "par-a");

        leader.process().destroyForcibly(); // kill -9 of its JVM alone: its check builds are re-parented and run on
        leader.awaitExit(Duration.ofSeconds(30));
        assertThat(LandingRepo.git(repo.origin, "rev-parse", "main")).as("nothing pushed: no check of the dead leader's can be used,"
                + " and the next lander's checks need the build slots its checks hold").isEqualTo(mainBefore);
        Awaitility.await().atMost(ORPHANS_END).pollInterval(Duration.ofMillis(100))
                .until(() -> checkProcesses.stream().noneMatch(ProcessHandle::isAlive));
        assertThat(leadersLayer.anyStartedBy(pid, start)).as("no process of the dead leader's keeps its build slots").isFalse();
        assertThat(checkLogsSaying("The lander (pid " + pid + ") has ended: stopped this check build")).hasSize(3);

        for (MavenRun run : lands.subList(1, 3)) {
            assertThat(run.awaitExit(LAND)).as(run.log()).isZero();
        }
        assertThat(lands.get(1).log()).contains("(lane par-a, pid " + pid + ") is gone without a verdict; nothing of it was pushed");
        assertThat(LandingRepo.git(repo.main, "rev-parse", "par-a")).as("the dead leader's lane as it was").isEqualTo(laneBefore);
        for (String lane : List.of("par-b", "par-c")) {
            assertThat(LandingRepo.git(repo.main, "log", "--format=%s", lane)).contains(lane + " work");
        }

        Files.createFile(release);
        MavenRun again = repo.mvnWith(env, repo.work.resolve("par-a"), "land-par-a-again", ThreeModuleLanes.landing(parallel));
        assertThat(again.awaitExit(LAND)).as(again.log()).isZero();
        assertThat(again.log()).contains("the previous land of this lane (pid " + pid + ", branch par-a) was interrupted during");
        List<String> landed = repo.remoteSubjects("main");
        assertThat(landed).containsSubsequence("HeldTest", "par-a work", "par-c work", "par-b work");
        for (String commit : List.of("HeldTest", "par-a work", "par-b work", "par-c work")) {
            assertThat(Collections.frequency(landed, commit)).as(commit + " on main once").isOne();
        }
        String history = Files.readString(repo.main.resolve(".git/queuelock/land-history.json"));
        assertThat(history).contains("check: par-b on origin/main passed", "check: par-c on par-b passed");
        MavenRun status = repo.mvnWith(env, repo.main, "status", "queuelock:status");
        assertThat(status.awaitExit(LAND)).as(status.log()).isZero();
        assertThat(status.log().split("  holder: none", -1)).as("nobody holds the land or the build queue: " + status.log()).hasSize(3);
        assertThat(status.log().split("  waiting: none", -1)).as("nobody waits: " + status.log()).hasSize(3);
        assertThat(status.log()).contains("par-a", "par-b", "par-c");
        assertThat(LandingRepo.git(repo.main, "worktree", "list")).doesNotContain("queuelock");
        for (String claims : List.of("claims", "batch/claims")) {
            Path dir = repo.main.resolve(".git/queuelock/" + claims);
            assertThat(Files.exists(dir) ? dir.toFile().list() : new String[0]).as("claims left in " + dir).isEmpty();
        }
    }

    /** The check logs of this repository that contain {@code line}. */
    private List<Path> checkLogsSaying(String line) throws Exception {
        try (Stream<Path> logs = Files.list(repo.main.resolve(".git/queuelock/logs"))) {
            return logs.filter(log -> {
                try {
                    return new String(Files.readAllBytes(log), StandardCharsets.ISO_8859_1).contains(line);
                } catch (IOException e) {
                    return false; // a directory
                }
            }).collect(Collectors.toList());
        }
    }

    /** Lanes {@code members}, each adding a class to the module {@code moduleOf} it, landed with as many checks at once. */
    private List<MavenRun> queuedBehindTheHeldLandQueue(List<String> members, java.util.function.Function<String, String> moduleOf,
                                                        ThreeModuleLanes.LaneChange change) throws Exception {
        return ThreeModuleLanes.queuedBehindTheHeldLandQueue(repo, members, moduleOf, change,
                "-Dqueuelock.land.parallel=" + members.size(), "-Dqueuelock.build.slots=" + members.size());
    }
}

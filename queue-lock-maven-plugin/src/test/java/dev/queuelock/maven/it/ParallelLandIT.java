package dev.queuelock.maven.it;

import static dev.queuelock.maven.it.ThreeModuleLanes.commitTest;
import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.Timing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Land checks side by side ({@code queuelock.land.parallel}) on the three-module project, real
 * Maven: three lanes queued behind the held land queue are checked at once, each on the lanes
 * ahead, and land in order, a flaky test of the first rerun and refusing nobody; when the first
 * fails its test, the others are checked again without it and land, and it is refused naming its
 * test; a lane changing a leaf independent of the lane ahead says its check on main stands.
 */
class ParallelLandIT {

    private static final Duration LAND = Timing.forMaven();

    @TempDir
    Path work;

    LandingRepo repo;

    @BeforeEach
    void threeModuleProjectOnMain() throws Exception {
        repo = ThreeModuleLanes.onMain(work);
    }

    @AfterEach
    void stopMavens() {
        repo.close();
    }

    /**
     * The first lane's test waits until three check builds have run it (each check of a prefix
     * holds the first lane): it passes only if the three checks run at once. The first lane's
     * flaky test fails once in each of them and is rerun there: nobody is refused.
     */
    @Test
    @Timeout(900)
    void threeLanesOnThreeSlotsAreCheckedAtOnceAndLandInOrderAFlakyTestRefusingNobody() throws Exception {
        Path started = Files.createDirectory(work.resolve("started"));
        List<MavenRun> lands = queuedBehindTheHeldLandQueue(List.of("par-a", "par-b", "par-c"), lane -> {
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
        assertThat(repo.remoteSubjects("main")).containsSubsequence("par-c work", "par-b work", "par-a work");
        assertThat(lands.get(0).log()).contains("check: flaky test (failed, then passed when run again): shop.app.FlakyTest.check");
        String history = Files.readString(repo.main.resolve(".git/queuelock/land-history.json"));
        assertThat(history).contains("check: par-a on origin/main passed", "check: par-b on par-a passed",
                "check: par-c on par-a+par-b passed", "checks side by side: 3 run, up to 3 at once");
        assertThat(LandingRepo.git(repo.main, "worktree", "list")).doesNotContain("queuelock");
    }

    @Test
    @Timeout(900)
    void theFirstFailingItsTestIsRefusedNamingItAndTheOthersAreRecheckedWithoutItAndLand() throws Exception {
        List<MavenRun> lands = queuedBehindTheHeldLandQueue(List.of("par-a", "par-b", "par-c"), lane -> {
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
     * Two lanes changing independent leaves (app, api): the second's check on top of the first
     * tests its own module only, and its plan says its check on main stands.
     */
    @Test
    @Timeout(900)
    void aLaneChangingAnIndependentLeafSaysItsCheckOnMainStands() throws Exception {
        List<MavenRun> lands = ThreeModuleLanes.queuedBehindTheHeldLandQueue(repo, List.of("par-a", "par-b"),
                lane -> lane.endsWith("par-b") ? "api" : "app", lane -> { }, "-Dqueuelock.land.parallel=2", "-Dqueuelock.build.slots=2");
        for (MavenRun run : lands) {
            assertThat(run.awaitExit(LAND)).as(run.log()).isZero();
        }
        assertThat(lands.get(0).log()).contains("its check on main stands").contains("check: tested: dev.queuelock.its:api");
        assertThat(repo.remoteSubjects("main")).contains("par-a work", "par-b work");
    }

    /** Lanes {@code members}, each adding a class to app, landed with as many checks at once. */
    private List<MavenRun> queuedBehindTheHeldLandQueue(List<String> members, ThreeModuleLanes.LaneChange change) throws Exception {
        return ThreeModuleLanes.queuedBehindTheHeldLandQueue(repo, members, lane -> "app", change,
                "-Dqueuelock.land.parallel=" + members.size(), "-Dqueuelock.build.slots=" + members.size());
    }
}

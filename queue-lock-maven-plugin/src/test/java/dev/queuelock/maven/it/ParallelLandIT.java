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
 * Maven: lanes queued behind the held land queue are checked at once, each on the lanes ahead, and
 * land in order, a flaky test of the first rerun and refusing nobody, and a lane changing a leaf
 * independent of the lanes ahead says its check on main stands; when the first fails its test,
 * the others are checked again without it and land, and it is refused naming its test.
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
     * Lanes a to c change app, d changes api. The first lane's test waits until three check builds
     * have run it (the checks of a, b and c, each holding the first lane; d's tests api alone): it
     * passes only if they run at once. The first lane's flaky test fails once in each of them and
     * is rerun there: nobody is refused. The fourth lane's check on the three ahead tests its own
     * module only, and its plan says its check on main stands.
     */
    @Test
    @Timeout(900)
    void lanesOnAsManySlotsAreCheckedAtOnceAndLandInOrderAFlakyTestRefusingNobodyAndAnIndependentLeafStanding() throws Exception {
        Path started = Files.createDirectory(work.resolve("started"));
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

    /** Lanes {@code members}, each adding a class to the module {@code moduleOf} it, landed with as many checks at once. */
    private List<MavenRun> queuedBehindTheHeldLandQueue(List<String> members, java.util.function.Function<String, String> moduleOf,
                                                        ThreeModuleLanes.LaneChange change) throws Exception {
        return ThreeModuleLanes.queuedBehindTheHeldLandQueue(repo, members, moduleOf, change,
                "-Dqueuelock.land.parallel=" + members.size(), "-Dqueuelock.build.slots=" + members.size());
    }
}

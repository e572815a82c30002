package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Land checks side by side ({@code queuelock.land.parallel}) on the three-module project, real
 * Maven: three lanes queued behind a held landing are checked at once, each on the lanes ahead,
 * and land in order; when the first fails its test, the others are checked again without it and
 * land, and it is refused naming its test; a flaky test is rerun and refuses nobody; a lane changing
 * a leaf independent of the lane ahead says its check on main stands.
 */
class ParallelLandIT {

    private static final Duration LAND = Timing.forMaven();

    @TempDir
    Path work;

    LandingRepo repo;

    @BeforeEach
    void threeModuleProjectOnMain() throws Exception {
        repo = LandingRepo.create(work, "main", true);
        TestPoms.copyProject("three-modules", repo.main);
        Files.writeString(repo.main.resolve(".gitignore"), "target/\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        repo.commitAndPush("three modules");
    }

    @AfterEach
    void stopMavens() {
        repo.close();
    }

    /**
     * The first lane's test waits until three check builds have run it (each check of a prefix
     * holds the first lane): it passes only if the three checks run at once.
     */
    @Test
    @Timeout(900)
    void threeLanesOnThreeSlotsAreCheckedAtOnceAndLandInOrder() throws Exception {
        Path started = Files.createDirectory(work.resolve("started"));
        List<MavenRun> lands = queuedBehindAHeldLanding(lane -> {
            if (lane.endsWith("par-a")) {
                writeTest(lane, "TogetherTest", "new File(\"" + started + "\", String.valueOf(ProcessHandle.current().pid()))"
                        + ".createNewFile(); long end = System.currentTimeMillis() + 240_000;"
                        + " while (new File(\"" + started + "\").list().length < 3 && System.currentTimeMillis() < end) { Thread.sleep(100); }"
                        + " assertTrue(\"three checks at once\", new File(\"" + started + "\").list().length >= 3);");
            }
        });
        for (MavenRun run : lands) {
            assertThat(run.awaitExit(LAND)).as(run.log()).isZero();
        }
        assertThat(repo.remoteSubjects("main")).containsSubsequence("par-c work", "par-b work", "par-a work");
        String history = Files.readString(repo.main.resolve(".git/queuelock/land-history.json"));
        assertThat(history).contains("check: par-a on origin/main passed", "check: par-b on par-a passed",
                "check: par-c on par-a+par-b passed", "checks side by side: 3 run, up to 3 at once");
        assertThat(LandingRepo.git(repo.main, "worktree", "list")).doesNotContain("queuelock");
    }

    @Test
    @Timeout(900)
    void theFirstFailingItsTestIsRefusedNamingItAndTheOthersAreRecheckedWithoutItAndLand() throws Exception {
        List<MavenRun> lands = queuedBehindAHeldLanding(lane -> {
            if (lane.endsWith("par-a")) {
                writeTest(lane, "BrokenTest", "assertTrue(\"fails every time\", false);");
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
        List<MavenRun> lands = queuedBehindAHeldLanding(List.of("par-a", "par-b"), lane -> lane.endsWith("par-b") ? "api" : "app",
                lane -> { });
        for (MavenRun run : lands) {
            assertThat(run.awaitExit(LAND)).as(run.log()).isZero();
        }
        assertThat(lands.get(0).log()).contains("its check on main stands").contains("check: tested: dev.queuelock.its:api");
        assertThat(repo.remoteSubjects("main")).contains("par-a work", "par-b work");
    }

    /** A test of the first lane that fails once in each check build is rerun there: nobody is refused. */
    @Test
    @Timeout(900)
    void aFlakyTestInTheFirstLaneIsRerunAndNobodyIsRefused() throws Exception {
        List<MavenRun> lands = queuedBehindAHeldLanding(lane -> {
            if (lane.endsWith("par-a")) {
                writeTest(lane, "FlakyTest", "java.io.File mark = new File(\"target/flaky-mark\"); boolean second = mark.exists();"
                        + " mark.createNewFile(); assertTrue(\"fails on its first run\", second);");
            }
        });
        for (MavenRun run : lands) {
            assertThat(run.awaitExit(LAND)).as(run.log()).isZero();
        }
        assertThat(lands.get(0).log()).contains("check: flaky test (failed, then passed when run again): shop.app.FlakyTest.check");
        assertThat(repo.remoteSubjects("main")).contains("par-a work", "par-b work", "par-c work");
    }

    /** What a lane gets before it lands, besides its one change. */
    private interface LaneChange {
        void apply(Path lane) throws IOException;
    }

    /**
     * Lanes par-a..c, each adding a class to app (and what {@code change} adds), queued with three
     * checks at once behind a landing whose check waits for a file, which is then written.
     */
    private List<MavenRun> queuedBehindAHeldLanding(LaneChange change) throws Exception {
        return queuedBehindAHeldLanding(List.of("par-a", "par-b", "par-c"), lane -> "app", change);
    }

    /** @param moduleOf the module a lane adds its class to: app, or api (a test class there) */
    private List<MavenRun> queuedBehindAHeldLanding(List<String> members, java.util.function.Function<String, String> moduleOf,
                                                    LaneChange change) throws Exception {
        Path release = work.resolve("release");
        Path solo = work.resolve("solo");
        LandingRepo.git(repo.main, "worktree", "add", "-q", "-b", "solo", solo.toString(), "origin/main");
        writeTest(solo, "HoldTest", "File release = new File(\"" + release + "\"); while (!release.exists()) { Thread.sleep(50); }");
        MavenRun held = repo.mvn(solo, "land-solo", "queuelock:land", "-Dqueuelock.land.checkGoals=verify");
        held.awaitLog("land queue acquired", LAND);
        List<MavenRun> lands = new ArrayList<>();
        for (String member : members) {
            Path lane = work.resolve(member);
            LandingRepo.git(repo.main, "worktree", "add", "-q", "-b", member, lane.toString(), "origin/main");
            String type = "Note" + member.replace("-", "");
            String module = moduleOf.apply(member);
            String dir = module + "/src/" + (module.equals("api") ? "test" : "main") + "/java/shop/" + module + "/";
            Files.writeString(lane.resolve(dir + type + ".java"), "package shop." + module + ";\n\nclass " + type + " {\n}\n");
            LandingRepo.git(lane, "add", ".");
            LandingRepo.git(lane, "commit", "-q", "-m", member + " work");
            change.apply(lane);
            MavenRun run = repo.mvn(lane, "land-" + member, "queuelock:land", "-Dqueuelock.land.checkGoals=verify",
                    "-Dqueuelock.land.parallel=" + members.size(), "-Dqueuelock.build.slots=" + members.size());
            run.awaitLog("Land queue:", LAND);
            lands.add(run);
        }
        Files.createFile(release);
        assertThat(held.awaitExit(LAND)).as(held.log()).isZero();
        return lands;
    }

    /** Commits a test of app whose one method has {@code body}. */
    private static void writeTest(Path lane, String name, String body) throws IOException {
        Path test = lane.resolve("app/src/test/java/shop/app/" + name + ".java");
        Files.writeString(test, "package shop.app;\n\nimport static org.junit.Assert.assertTrue;\n\nimport java.io.File;\n"
                + "import org.junit.Test;\n\npublic class " + name + " {\n    @Test\n    public void check() throws Exception {\n        "
                + body + "\n    }\n}\n");
        LandingRepo.git(lane, "add", ".");
        LandingRepo.git(lane, "commit", "-q", "-m", name);
    }
}

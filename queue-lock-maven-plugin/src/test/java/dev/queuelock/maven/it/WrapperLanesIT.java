package dev.queuelock.maven.it;

import static dev.queuelock.testsupport.TestGit.git;
import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.process.Processes;
import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Lanes of a multi-module project built with a real Maven Wrapper, the launcher most projects ship: a {@code ./mvnw} build
 * and a lander still running keep their landed lanes through other landings and prunes, and status
 * shows those lanes in use. Which processes keep a lane is the process layer's call: the first test
 * runs in both layers, each told to every Maven by its environment.
 */
class WrapperLanesIT {

    private static final Duration MVN = Timing.forMaven();
    private static final Duration START = Timing.forMavenToStart();

    /** One wrapper for the class: its files and the Maven it unpacked are the same for every test. */
    @TempDir
    static Path wrapperDir;

    static MavenWrapper wrapper;

    @TempDir
    Path work;

    LandingRepo repo;
    Path main;

    @BeforeAll
    static void aMavenWrapper() throws Exception {
        wrapper = MavenWrapper.make(wrapperDir);
    }

    @BeforeEach
    void multiModuleProjectWithAMavenWrapper() throws Exception {
        repo = LandingRepo.create(work, "shop", "main", true);
        main = repo.main;
        // Each module's validate, as the parent's, holds until the file -Drelease names exists.
        Files.writeString(main.resolve("pom.xml"), TestPoms.text("hold-modules.xml"), StandardCharsets.UTF_8);
        for (String module : List.of("a", "b")) {
            Files.createDirectories(main.resolve(module));
            Files.writeString(main.resolve(module + "/pom.xml"), TestPoms.text("hold-module.xml").replace("MODULE", module),
                    StandardCharsets.UTF_8);
        }
        Files.writeString(main.resolve(".gitignore"), "marks*\ntarget/\n", StandardCharsets.UTF_8); // build output is no work
        // The lander's check builds get no -D from the test: the IT repository comes from the project's config.
        Files.writeString(main.resolve(".mvn/maven.config"), "-Dmaven.repo.local=" + MavenRun.IT_REPO + "\n", StandardCharsets.UTF_8);
        wrapper.addTo(repo);
        repo.commitAndPush("a multi-module project built with the Maven Wrapper");
    }

    @AfterEach
    void stop() {
        repo.close();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"linux", "portable"})
    @Timeout(900)
    void wrapperBuildsInLandedLanesSurviveTheNextLandingAndPruneAndShowInUse(String layer) throws Exception {
        Map<String, String> env = Map.of(Processes.ENV, layer);
        Path lane2 = gitLane(2);
        Path lane3 = gitLane(3);
        Path lane4 = gitLane(4);
        commit(lane4, "four.txt", "four work");
        Path checksGo = work.resolve("checks-go");
        Path buildsGo = work.resolve("builds-go");
        // lane 3: a build that takes no turn in the build queue, so only the process layer can see it there.
        MavenRun unqueued = mvnw(lane3, "build-3", Map.of(Processes.ENV, layer, "QUEUELOCK_SKIP", "1"), "validate",
                "-Drelease=" + buildsGo);
        awaitHolding(unqueued, lane3);
        // lane 4 lands; its check build holds the build queue until told to go on.
        MavenRun land = mvnw(lane4, "land-4", env, "queuelock:land", "-Dqueuelock.land.checkGoals=validate", "-Drelease=" + checksGo);
        awaitHolding(land, lane4);
        // lane 2: a build queued behind those checks; it builds while the lander prunes.
        MavenRun queued = mvnw(lane2, "build-2", env, "validate", "-Drelease=" + buildsGo).awaitLog("Build queue:", START);

        Files.createFile(checksGo);
        assertThat(land.awaitExit(MVN)).as(land.log()).isZero();
        String lane3Kept = "in use \\(Maven run java \\(pid " + unqueued.process().pid() + "\\)\\)";
        assertThat(land.log()).contains("lane shop-lane-4 (lane/4) landed on origin/main")
                .containsPattern("kept new lane shop-lane-2 \\(lane/2\\): in use \\(.+\\)")
                .containsPattern("kept new lane shop-lane-3 \\(lane/3\\): " + lane3Kept)
                .doesNotContain("pruned landed lane", "pruned new lane");
        MavenRun prune = repo.mvnWith(env, main, "prune", "queuelock:prune");
        assertThat(prune.awaitExit(MVN)).as(prune.log()).isZero();
        assertThat(prune.log()).containsPattern("kept new lane shop-lane-2 \\(lane/2\\): in use \\(.+\\)")
                .containsPattern("kept new lane shop-lane-3 \\(lane/3\\): " + lane3Kept)
                .contains("pruned landed lane shop-lane-4 (lane/4)")
                .doesNotContain("pruned new lane shop-lane-2 (lane/2)", "pruned new lane shop-lane-3 (lane/3)");
        MavenRun status = repo.mvnWith(env, main, "status", "queuelock:status");
        assertThat(status.awaitExit(MVN)).as(status.log()).isZero();
        assertThat(status.log()).containsPattern("lane 2  lane/2  \\+0/-1  new  in use \\(.+\\)  port 8082")
                .containsPattern("lane 3  lane/3  \\+0/-1  new  " + lane3Kept + "  port 8083");

        Files.createFile(buildsGo);
        for (MavenRun build : List.of(queued, unqueued)) {
            assertThat(build.awaitExit(MVN)).as(build.log()).isZero();
        }
        assertThat(lane2.resolve("b/marks.txt")).as("the last module built to the end").content().contains("end build");
        // New lanes (no commits) are kept for their grace after their last sign of work: set small, they go once their builds ended.
        MavenRun after = repo.mvnWith(env, main, "prune-after", "queuelock:prune", "-Dqueuelock.lanes.newLaneGrace=1ms");
        assertThat(after.awaitExit(MVN)).as(after.log()).isZero();
        assertThat(after.log()).contains("pruned new lane shop-lane-2 (lane/2)", "pruned new lane shop-lane-3 (lane/3)");
        assertThat(lane2).as("pruned once its build ended").doesNotExist();
        assertThat(lane3).doesNotExist();
    }

    @Test
    @Timeout(900)
    void aLaneWhoseOwnLanderStillRunsIsNotPrunedByAnotherLanding() throws Exception {
        // lane 2's work is on main already (as when a batch leader landed it); its own lander is still to run.
        Path lane2 = gitLane(2);
        commit(lane2, "two.txt", "two work");
        git(lane2, "push", "-q", "origin", "lane/2:main");
        Path lane4 = gitLane(4);
        commit(lane4, "four.txt", "four work");
        Path lane5 = gitLane(5);
        commit(lane5, "five.txt", "five work");
        Path go4 = work.resolve("checks-4-go");
        Path go5 = work.resolve("checks-5-go");
        MavenRun land4 = mvnw(lane4, "land-4", "queuelock:land", "-Dqueuelock.land.checkGoals=validate", "-Drelease=" + go4);
        awaitHolding(land4, lane4);
        MavenRun land5 = mvnw(lane5, "land-5", "queuelock:land", "-Dqueuelock.land.checkGoals=validate", "-Drelease=" + go5)
                .awaitLog("Land queue:", START);
        // Queued behind lane 5, lane 2's lander is still waiting while lane 4's lander prunes.
        MavenRun land2 = mvnw(lane2, "land-2", "queuelock:land", "-Dqueuelock.land.checkGoals=validate").awaitLog("Land queue:", START);

        Files.createFile(go4);
        assertThat(land4.awaitExit(MVN)).as(land4.log()).isZero();
        assertThat(land4.log()).contains("lane shop-lane-4 (lane/4) landed on origin/main")
                .containsPattern("kept landed lane shop-lane-2 \\(lane/2\\): in use \\(.+\\)");
        assertThat(lane2).exists();
        MavenRun status = repo.mvn(main, "status", "queuelock:status");
        assertThat(status.awaitExit(MVN)).as(status.log()).isZero();
        assertThat(status.log()).containsPattern("lane 2  lane/2  \\+0/-1  landed  in use \\(.+\\)  port 8082");
        MavenRun prune = repo.mvn(main, "prune", "queuelock:prune");
        assertThat(prune.awaitExit(MVN)).as(prune.log()).isZero();
        assertThat(prune.log()).containsPattern("kept landed lane shop-lane-2 \\(lane/2\\): in use \\(.+\\)");

        Files.createFile(go5);
        assertThat(land5.awaitExit(MVN)).as(land5.log()).isZero();
        // Lane 2's lander takes the land queue as lane 5's lets go of it, and works on its lane while lane 5's prunes.
        assertThat(land5.log()).contains("lane shop-lane-5 (lane/5) landed on origin/main")
                .doesNotContain("pruned landed lane shop-lane-2 (lane/2)");
        assertThat(land2.awaitExit(MVN)).as("its lane was there to the end: " + land2.log()).isZero();
        assertThat(land2.log()).contains("nothing to land: lane shop-lane-2 (lane/2) is already on origin/main");
        assertThat(lane2).exists();
    }

    /** Waits until the build {@code run} started (or started in {@code lane}, a lander's checks) holds in validate. */
    private static void awaitHolding(MavenRun run, Path lane) {
        Path marks = lane.resolve("marks.txt");
        Awaitility.await().atMost(START).pollInterval(Duration.ofMillis(200)).until(() -> {
            if (Files.exists(marks) && Files.readString(marks).contains("start build")) {
                return true;
            }
            if (!run.process().isAlive()) {
                throw new AssertionError("ended before its build held:\n" + run.log());
            }
            return false;
        });
    }

    private MavenRun mvnw(Path dir, String name, String... args) throws IOException {
        return mvnw(dir, name, Map.of(), args);
    }

    private MavenRun mvnw(Path dir, String name, Map<String, String> env, String... args) throws IOException {
        Map<String, String> all = new java.util.HashMap<>(wrapper.environment());
        all.putAll(env);
        return repo.track(MavenRun.wrapper(dir, repo.tmp(), work.resolve(name + ".log"), all, args));
    }

    private Path gitLane(int n) {
        Path lane = main.resolveSibling("shop-lane-" + n);
        git(main, "worktree", "add", "-q", "-b", "lane/" + n, lane.toString(), "HEAD");
        return lane;
    }

    private static void commit(Path dir, String file, String message) throws IOException {
        Files.writeString(dir.resolve(file), message + "\n");
        git(dir, "add", file);
        git(dir, "commit", "-q", "-m", message);
    }
}

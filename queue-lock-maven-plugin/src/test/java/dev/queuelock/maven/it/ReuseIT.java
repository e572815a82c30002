package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.build.localrepo.LocalRepositoryParts;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A module is built once per inputs: on the three-modules project (a parent, shared, and app and
 * api built on it) with lanes, on real Maven 3.8.7 (the {@code mvn} on PATH), 3.9, 3.10 and 4 and git,
 * after the main checkout built, a lane's affected build with an uncommitted change in app compiles
 * nothing of shared and compiles app against the main checkout's shared, the same build again takes
 * app too, whose tests passed at its inputs (queuelock.build.reuseTested), and builds shared when it
 * asks for another profile or gives another user property; a
 * lane that changes shared builds its own, and app's tests see its change; a third lane, changing
 * api, gets the main checkout's shared, never the second lane's; and land's check of the first
 * lane's change reuses the main checkout's shared as well, and tests app (queuelock.land.reuseTested is off).
 */
class ReuseIT {

    private static final Duration MVN = Timing.forMaven();
    /** The {@code mvn} on the test's PATH: Debian's Maven 3.8.7. */
    private static final String ON_PATH = "3.8.7 (mvn on PATH)";
    private static final String PRICES = "shared/src/main/java/shop/shared/Prices.java";
    /** Maven's line for a plugin goal run on shared: none of them runs when shared is reused. */
    private static final String ANY_GOAL_ON_SHARED = " @ shared ---";
    /** Maven's line for compiling app (3.8 names the plugin maven-compiler-plugin, 3.9 and 4 compiler). */
    private static final String APP_COMPILED = ":3.13.0:compile (default-compile) @ app ---";
    private static final String SHARED_COMPILED = ":3.13.0:compile (default-compile) @ shared ---";

    @TempDir
    Path work;

    LandingRepo repo;
    private String maven;

    @BeforeEach
    void threeModuleProjectOnMainWithAProfile() throws Exception {
        repo = ThreeModuleLanes.onMain(work);
        Path parent = repo.main.resolve("pom.xml");
        Files.writeString(parent, Files.readString(parent).replace("</project>", "  <profiles><profile><id>other</id></profile></profiles>\n</project>"));
        repo.commitAndPush("a profile a build may ask for");
    }

    @AfterEach
    void stopMavensAndRemoveTheLanesParts() throws IOException {
        repo.close();
        deleteTree(MavenRun.IT_REPO.resolve(LocalRepositoryParts.of(RepoKey.of(repo.main).key()).toString()));
    }

    @ParameterizedTest(name = "Maven {0}")
    @MethodSource("mavens")
    @Timeout(900)
    void aLaneResolvesWhatTheMainCheckoutBuiltAtTheSameInputsAndNeverAnotherLanesChange(String version) throws Exception {
        maven = ON_PATH.equals(version) ? null : version;
        Path one = lane(1);
        Path two = lane(2);
        Path three = lane(3);
        ok(repo.mvnOn(maven, repo.main, "main", "verify"));
        String main = LandingRepo.git(repo.main, "rev-parse", "--short=7", "HEAD");
        String fromMain = "1 module reused (shared: built by the main checkout at " + main + " in ";

        Files.writeString(one.resolve("app/src/main/java/shop/app/Note.java"),
                "package shop.app;\n\nclass Note {\n    int twice() {\n        return shop.shared.Prices.total(2, 1);\n    }\n}\n");
        String leaf = ok(affected(one, "lane-1-leaf")).log();
        assertThat(leaf).contains("affected: 1 module tested (app), 1 module built without tests (shop3), " + fromMain)
                .as("nothing of shared ran").doesNotContain(ANY_GOAL_ON_SHARED)
                .as("app compiled against it").contains(APP_COMPILED).contains("[shop3] test of app ran");
        // The same build again: app's tests passed at these inputs in this lane, so app is taken from the store too.
        String twice = ok(affected(one, "lane-1-twice")).log();
        assertThat(twice).contains("affected: 0 modules tested, 1 module built without tests (shop3), 2 modules reused (shared: "
                        + "built by the main checkout at " + main + " in ")
                .contains("; app: built by lane lane-1 at " + main + " in ").contains(" with its tests)")
                .as("nothing of app ran").doesNotContain(APP_COMPILED).doesNotContain("[shop3] test of app ran");
        String off = ok(repo.mvnOn(maven, one, "lane-1-off", "verify", "-Dqueuelock.build.affected",
                "-Dqueuelock.build.reuseMegabytes=0")).log();
        assertThat(off).as("reuse switched off").contains("2 modules built without tests (shop3, shared);");
        String profile = ok(repo.mvnOn(maven, one, "lane-1-profile", "verify", "-Dqueuelock.build.affected", "-Pother")).log();
        assertThat(profile).as("another profile: other inputs").contains("2 modules built without tests (shop3, shared);")
                .contains(SHARED_COMPILED);
        String property = ok(repo.mvnOn(maven, one, "lane-1-property", "verify", "-Dqueuelock.build.affected", "-Dshop.note=other")).log();
        assertThat(property).as("another user property: other inputs").contains("2 modules built without tests (shop3, shared);")
                .contains(SHARED_COMPILED);
        // Lane 1's own shared/target now holds the -D build's classes: app still compiles against the stored jar.
        String again = ok(repo.mvnOn(maven, one, "lane-1-again", "verify", "-Dqueuelock.build.affected", "-X",
                "-Dqueuelock.build.reuseTested=false")).log();
        assertThat(again).contains(fromMain).doesNotContain(ANY_GOAL_ON_SHARED)
                .as("app's class path holds the stored jar").containsPattern("queuelock/reuse/[0-9a-f]{64}/0-shared");

        Path prices = two.resolve(PRICES);
        Files.writeString(prices, Files.readString(prices).replace("    private Prices() {", "    public static int fromLaneTwo() {\n"
                + "        return 2;\n    }\n\n    private Prices() {"));
        Files.writeString(two.resolve("app/src/test/java/shop/app/LaneTwoTest.java"), callingFromLaneTwo("shop.app", "LaneTwoTest"));
        String below = ok(affected(two, "lane-2-shared")).log();
        assertThat(below).contains("affected: 3 modules tested (shared, app, api), 1 module built without tests (shop3);")
                .contains(SHARED_COMPILED).doesNotContain("reused")
                .as("app's test saw lane 2's shared").contains("Running shop.app.LaneTwoTest")
                .contains("[shop3] test of app ran");

        // Lane 3's api test calls lane 2's method: javac names it missing from the shared jar lane 3 compiled against.
        Files.writeString(three.resolve("api/src/test/java/shop/api/LaneThreeTest.java"), callingFromLaneTwo("shop.api", "LaneThreeTest"));
        MavenRun other = affected(three, "lane-3-api");
        assertThat(other.awaitExit(MVN)).as(other.log()).isNotZero();
        assertThat(other.log()).contains(fromMain).doesNotContain(ANY_GOAL_ON_SHARED)
                .contains("symbol:   method fromLaneTwo()");

        // Lane 1 lands its leaf change: its check build, in a scratch worktree of its own, reuses shared too.
        LandingRepo.git(one, "add", "-A");
        LandingRepo.git(one, "commit", "-q", "-m", "note");
        String land = ok(repo.mvnOn(maven, one, "lane-1-land", ThreeModuleLanes.landing())).log();
        assertThat(land).contains("check: reused: dev.queuelock.its:shared (built by the main checkout at " + main + " in ")
                .as("a land check tests what it plans, though app passed at these inputs in the lane (queuelock.land.reuseTested)")
                .contains("check: tested: dev.queuelock.its:app");
        assertThat(repo.remoteSubjects("main")).contains("note");
    }

    private Path lane(int n) {
        Path lane = work.resolve("lane-" + n);
        LandingRepo.git(repo.main, "worktree", "add", "-q", "-b", "lane-" + n, lane.toString(), "origin/main");
        return lane;
    }

    /** Maven 3.8.7 (on PATH: resolver 1.6, no local-repository part of a lane's own), 3.9, 3.10 (resolver 2) and 4. */
    static List<String> mavens() {
        return List.of(ON_PATH, MavenRun.maven39(), MavenRun.maven310(), MavenRun.maven4());
    }

    /** {@code mvn verify} with affected builds. */
    private MavenRun affected(Path lane, String name) throws IOException {
        return repo.mvnOn(maven, lane, name, "verify", "-Dqueuelock.build.affected");
    }

    private static String callingFromLaneTwo(String pkg, String name) {
        return "package " + pkg + ";\n\nimport static org.junit.Assert.assertEquals;\n\nimport org.junit.Test;\n"
                + "import shop.shared.Prices;\n\npublic class " + name + " {\n    @Test\n    public void seesLaneTwo() {\n"
                + "        assertEquals(2, Prices.fromLaneTwo());\n    }\n}\n";
    }

    private static MavenRun ok(MavenRun run) throws InterruptedException {
        assertThat(run.awaitExit(MVN)).as(run.log()).isZero();
        return run;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}

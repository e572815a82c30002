package dev.queuelock.maven.it;

import static dev.queuelock.testsupport.TestGit.git;
import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.QueueLock;
import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code mvn queuelock:land} and {@code queuelock:init} as users run them: real Maven, real git, a bare remote. */
class LandIT {

    private static final Duration LAND = Timing.forMaven();

    @TempDir
    Path work;

    LandingRepo repo;
    Path origin;
    Path main;

    @BeforeEach
    void repoWithRemote() throws Exception {
        repo = LandingRepo.create(work, "main", true);
        origin = repo.origin;
        main = repo.main;
    }

    @AfterEach
    void stopMavens() {
        repo.close();
    }

    @Test
    @Timeout(300)
    void landsALaneWhoseChecksRunInsideTheLandersBuildLock() throws Exception {
        Path lane = lane("feature", "feature.txt");

        MavenRun land = mvn(lane, "land", "queuelock:land", "-Dqueuelock.land.checkGoals=validate");

        assertThat(land.awaitExit(LAND)).as(land.log()).isZero();
        assertThat(land.log()).contains("feature landed on origin/main");
        assertThat(remoteSubjects()).containsExactly("feature work", "project");
        String checks = Files.readString(checkLogs("feature").get(0), StandardCharsets.UTF_8);
        assertThat(checks).contains("running inside the build lock held by").contains("BUILD SUCCESS");
        assertThat(main.resolve(".git/queuelock/land-history.json")).content().contains("\"outcome\" : \"landed\"");
        assertThat(git(main, "log", "-1", "--format=%s")).as("main checkout fast-forwarded").isEqualTo("feature work");

        MavenRun status = mvn(lane, "status", "queuelock:status");
        assertThat(status.awaitExit(LAND)).as(status.log()).isZero();
        assertThat(status.log()).contains("legend: - start-up  . queue wait").contains("feature").contains("landings/hour");
    }

    @Test
    @Timeout(400)
    void threeLanesLandingAtOnceAllLandInArrivalOrder() throws Exception {
        List<String> names = List.of("one", "two", "three");
        List<MavenRun> landers = new ArrayList<>();
        // The first lander's check waits for this file: the others arrive while it lands, however
        // long their JVMs take to start (15 s at load 15), and queue behind it in the order they come.
        Path firstChecked = work.resolve("release-first-check");
        for (String name : names) {
            Path lane = lane(name, name + ".txt");
            MavenRun run = landers.isEmpty()
                    ? mvn(lane, "land-" + name, "queuelock:land", "-Dqueuelock.land.checkGoals=validate", "-Drelease=" + firstChecked)
                    : mvn(lane, "land-" + name, "queuelock:land", "-Dqueuelock.land.checkGoals=validate");
            run.awaitLog(landers.isEmpty() ? "land queue acquired" : "Land queue:", LAND);
            landers.add(run);
        }
        Files.createFile(firstChecked);
        for (MavenRun run : landers) {
            assertThat(run.awaitExit(LAND)).as(run.log()).isZero();
        }
        assertThat(remoteSubjects()).containsExactly("three work", "two work", "one work", "project");
        assertThat(git(main, "rev-list", "--merges", "refs/remotes/origin/main")).as("linear").isEmpty();
    }

    @Test
    @Timeout(300)
    void landsThroughALandQueueOnZooKeeperConfiguredByPropertiesAlone() throws Exception {
        Path lane = lane("zk-lane", "zk.txt");
        try (org.apache.curator.test.TestingServer zookeeper = new org.apache.curator.test.TestingServer()) {
            String[] onZooKeeper = {"-Dqueuelock.land.backend=zookeeper",
                "-Dqueuelock.zookeeper.connect=" + zookeeper.getConnectString()};

            MavenRun land = mvn(lane, "land-zk", concat(onZooKeeper, "queuelock:land", "-Dqueuelock.land.checkGoals=validate"));
            assertThat(land.awaitExit(LAND)).as(land.log()).isZero();
            assertThat(land.log()).contains("zk-lane landed on origin/main");

            MavenRun status = mvn(lane, "status-zk", concat(onZooKeeper, "queuelock:status"));
            assertThat(status.awaitExit(LAND)).as(status.log()).isZero();
            assertThat(status.log()).contains("zookeeper backend").contains("zk-lane");
        }
        assertThat(remoteSubjects()).containsExactly("zk-lane work", "project");
    }

    /** Nothing to land is no failure: landing work that is already on main says so, runs no check build and succeeds. */
    @Test
    @Timeout(300)
    void aLaneAlreadyOnMainHasNothingToLandRunsNoCheckBuildAndSucceeds() throws Exception {
        Path lane = lane("merged", "merged.txt");
        git(lane, "push", "-q", "origin", "HEAD:main");
        String pushed = git(lane, "rev-parse", "HEAD");

        MavenRun land = mvn(lane, "land-nothing", "queuelock:land", "-Dqueuelock.land.checkGoals=validate");

        assertThat(land.awaitExit(LAND)).as(land.log()).isZero();
        assertThat(land.log()).contains("nothing to land: lane merged is already on origin/main").doesNotContain("landed on");
        assertThat(checkLogs("merged")).as("no check build ran").isEmpty();
        assertThat(main.resolve(".git/queuelock/land-history.json")).content()
                .contains("\"outcome\" : \"nothing-to-land\"").doesNotContain("\"outcome\" : \"landed\"");
        assertThat(git(origin, "rev-parse", "main")).as("nothing pushed").isEqualTo(pushed);
    }

    /** A failed check is fixed from its report alone: it shows the failing tests and the tested commit, and says how to go back. */
    @Test
    @Timeout(300)
    void aFailedCheckShowsTheFailingTestsAndTheOldCommitAndKeepsEachRunsLog() throws Exception {
        Path lane = lane("broken", "broken.txt");
        Files.writeString(lane.resolve("check.sh"), "printf '%s\\n' '[ERROR] Failures: ' "
                + "'[ERROR]   OptionsTest.testMissingOptionException:112 expected: <a> but was: <b>' "
                + "'[ERROR] Tests run: 991, Failures: 1, Errors: 0, Skipped: 0'; exit 1\n");
        git(lane, "add", "check.sh");
        git(lane, "commit", "-q", "-m", "a failing check");
        git(main, "commit", "-q", "--allow-empty", "-m", "main moved");
        git(main, "push", "-q", "origin", "main");
        String before = git(lane, "rev-parse", "HEAD");

        MavenRun land = mvn(lane, "land-broken", "queuelock:land", "-Dqueuelock.land.checkCommand=sh,check.sh");

        assertThat(land.awaitExit(LAND)).as(land.log()).isNotZero();
        assertThat(land.log()).contains("OptionsTest.testMissingOptionException:112 expected: <a> but was: <b>")
                .contains("Tests run: 991, Failures: 1")
                .contains("checks failed on the rebased commit " + git(lane, "rev-parse", "--short=10", "HEAD"))
                .contains("broken stays rebased onto origin/main").contains("git reset --keep " + before);
        MavenRun again = mvn(lane, "land-broken-again", "queuelock:land", "-Dqueuelock.land.checkCommand=sh,check.sh");
        assertThat(again.awaitExit(LAND)).as(again.log()).isNotZero();
        assertThat(again.log()).contains("OptionsTest.testMissingOptionException:112").contains("broken is unchanged at");
        assertThat(checkLogs("broken")).as("one log per run").hasSize(2);
        assertThat(remoteSubjects()).containsExactly("main moved", "project");
    }

    /** The check logs of a lane, one per run, oldest first. */
    private List<Path> checkLogs(String lane) throws IOException {
        Path logs = main.resolve(".git/queuelock/logs");
        if (!Files.isDirectory(logs)) {
            return List.of();
        }
        try (var files = Files.list(logs)) {
            return files.filter(f -> f.getFileName().toString().matches(lane + "-\\d{8}-\\d{6}-\\d{3}\\.log")).sorted()
                    .collect(java.util.stream.Collectors.toList());
        }
    }

    private static String[] concat(String[] first, String... rest) {
        String[] all = java.util.Arrays.copyOf(first, first.length + rest.length);
        System.arraycopy(rest, 0, all, first.length, rest.length);
        return all;
    }

    @Test
    @Timeout(400)
    void lanesQueuedBehindAHeldLandQueueAreBatchedIntoOneRealCheckBuild() throws Exception {
        // The test holds the land queue, so all three batchers queue behind it.
        QueueLock landQueue = repo.holdLandQueue();
        List<MavenRun> batched = new ArrayList<>();
        try {
            for (String name : List.of("b1", "b2", "b3")) {
                MavenRun run = mvn(lane(name, name + ".txt"), "land-" + name, "queuelock:land", "-Dqueuelock.land.checkGoals=validate",
                        "-Dqueuelock.land.batch=3");
                run.awaitLog("Land queue:", LAND);
                batched.add(run);
            }
        } finally {
            landQueue.release();
        }
        for (MavenRun run : batched) {
            assertThat(run.awaitExit(LAND)).as(run.log()).isZero();
        }
        assertThat(batched.get(0).log()).contains("3 of 3 lanes landed on origin/main").contains("after 1 check run(s)");
        for (MavenRun waiter : batched.subList(1, 3)) {
            assertThat(waiter.log()).contains("taken into batch").contains("landed on origin/main");
        }
        assertThat(remoteSubjects()).containsExactly("b3 work", "b2 work", "b1 work", "project");
    }

    @Test
    @Timeout(300)
    void aConflictLeavesTheLaneAsItWasAndSaysHowToResolve() throws Exception {
        Path lane = lane("clash", "pom.xml");
        Files.writeString(main.resolve("pom.xml"), Files.readString(main.resolve("pom.xml")) + "<!-- main -->\n");
        git(main, "commit", "-q", "-am", "main edit");
        git(main, "push", "-q", "origin", "main");
        String before = git(lane, "rev-parse", "HEAD");

        MavenRun land = mvn(lane, "land", "queuelock:land", "-Dqueuelock.land.checkGoals=validate");

        assertThat(land.awaitExit(LAND)).isNotZero();
        assertThat(land.log()).contains("conflicted and was aborted").contains("git rebase").doesNotContain("\tat ");
        assertThat(git(lane, "rev-parse", "HEAD")).isEqualTo(before);
        assertThat(git(lane, "status", "--porcelain")).isEmpty();
    }

    @Test
    @Timeout(300)
    void initSetsUpTheExtensionAndTheGuardAndIsIdempotent() throws Exception {
        Path fresh = work.resolve("fresh");
        git(work, "clone", "-q", origin.toString(), fresh.toString());
        Files.delete(fresh.resolve(".mvn/extensions.xml"));
        Files.writeString(fresh.resolve(".mvn/extensions.xml"),
                "<?xml version=\"1.0\"?>\n<!-- keep me -->\n<extensions>\n</extensions>\n", StandardCharsets.UTF_8);

        MavenRun first = mvn(fresh, "init-1", "dev.queuelock:queue-lock-maven-plugin:" + TestRepos.VERSION + ":init");
        assertThat(first.awaitExit(LAND)).as(first.log()).isZero();
        String xml = Files.readString(fresh.resolve(".mvn/extensions.xml"));
        assertThat(xml).contains("<!-- keep me -->").contains("<artifactId>queue-lock-maven-extension</artifactId>");

        MavenRun second = mvn(fresh, "init-2", "queuelock:init");
        assertThat(second.awaitExit(LAND)).as(second.log()).isZero();
        assertThat(second.log()).contains("already lists the queue-lock extension; unchanged");
        assertThat(Files.readString(fresh.resolve(".mvn/extensions.xml"))).isEqualTo(xml);

        Files.writeString(fresh.resolve("x.txt"), "x\n");
        git(fresh, "add", "x.txt");
        git(fresh, "commit", "-q", "-m", "direct");
        Process push = new ProcessBuilder("git", "push", "origin", "HEAD:main").directory(fresh.toFile())
                .redirectErrorStream(true).start();
        String out = new String(push.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(push.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(push.exitValue()).as(out).isNotZero();
        assertThat(out).contains("direct push to 'main' refused").contains("mvn queuelock:land");
    }

    @Test
    @Timeout(300)
    void initRewritesAnEntryWithTheOldCoordinatesInPlace() throws Exception {
        // The old entry names the plugin of this very version: Maven loads it (it no longer holds a build queue), then init runs.
        Path old = work.resolve("old");
        git(work, "clone", "-q", origin.toString(), old.toString());
        String before = "<?xml version=\"1.0\"?>\n<extensions>\n  <!-- mine -->\n  <extension>\n"
                + "    <groupId>dev.queuelock</groupId>\n    <artifactId>queue-lock-maven-plugin</artifactId>\n"
                + "    <version>" + TestRepos.VERSION + "</version>\n  </extension>\n</extensions>\n";
        Files.writeString(old.resolve(".mvn/extensions.xml"), before, StandardCharsets.UTF_8);

        MavenRun init = mvn(old, "init-upgrade", "dev.queuelock:queue-lock-maven-plugin:" + TestRepos.VERSION + ":init");
        assertThat(init.awaitExit(LAND)).as(init.log()).isZero();
        assertThat(init.log()).contains("the old queue-lock-maven-plugin entry now lists queue-lock-maven-extension");
        assertThat(Files.readString(old.resolve(".mvn/extensions.xml")))
                .isEqualTo(before.replace("queue-lock-maven-plugin", "queue-lock-maven-extension"));

        MavenRun build = mvn(old, "validate-upgraded", "validate");
        assertThat(build.awaitExit(LAND)).as(build.log()).isZero();
        assertThat(build.log()).contains("Build lock acquired");
    }

    private Path lane(String name, String file) throws Exception {
        return repo.lane(name, file, "main");
    }

    private List<String> remoteSubjects() throws Exception {
        return repo.remoteSubjects("main");
    }

    private MavenRun mvn(Path dir, String name, String... args) throws IOException {
        return repo.mvn(dir, name, args);
    }
}

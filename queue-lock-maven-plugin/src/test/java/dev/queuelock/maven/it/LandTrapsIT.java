package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.process.Liveness;
import dev.queuelock.process.Processes;
import dev.queuelock.testsupport.TestGit;
import dev.queuelock.testsupport.Timing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The traps a new user met on a first landing, through real {@code mvn}, real git and a bare remote. */
class LandTrapsIT {

    private static final Duration LAND = Timing.forMaven();
    /** A dead lander stalls no build: another lane's build has the build lock within 10 s of its kill -9 (scaled by the timing knob). */
    private static final Duration NEXT_BUILD = Timing.seconds(10);

    @TempDir
    Path work;

    private LandingRepo repo;

    @AfterEach
    void stopMavens() {
        if (repo != null) {
            repo.close();
        }
    }

    @Test
    @Timeout(300)
    void aSessionHoldingTheBuildLockLandsThroughItsOwnHold() throws Exception {
        repo = LandingRepo.create(work, "main", true);
        Path lane = repo.lane("own", "own.txt", "main");

        MavenRun land = repo.mvn(lane, "validate-and-land", "validate", "queuelock:land", "-Dqueuelock.land.checkGoals=validate");

        // Before: the checks queued behind this very session's build lock and waited forever.
        assertThat(land.awaitExit(Duration.ofSeconds(150))).as(land.log()).isZero();
        assertThat(land.log()).contains("Build lock acquired").contains("own landed on origin/main")
                .doesNotContain("Build queue (for the checks)");
        assertThat(repo.remoteSubjects("main")).containsExactly("own work", "project");
    }

    /**
     * {@code kill -9} of a lander while its check build runs (a slow one: its validate phase waits
     * for a file that never comes): the lander's watchdog stops the check build, tree and all, so
     * another lane's build gets the build lock within seconds, never beside the check. In both
     * process layers.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"linux", "portable"})
    @Timeout(300)
    void aLanderKilledDuringItsChecksHasItsCheckBuildStoppedAndTheNextBuildGetsTheLockWithinSeconds(String layer) throws Exception {
        repo = LandingRepo.create(work, "main", true);
        Path lane = repo.lane("crash", "crash.txt", "main");
        Map<String, String> env = Map.of(Processes.ENV, layer);
        MavenRun land = repo.mvnWith(env, lane, "land-crash", "queuelock:land", "-Dqueuelock.land.checkGoals=validate",
                "-Drelease=" + work.resolve("never"));
        Path logs = repo.main.resolve(".git/queuelock/logs");
        Awaitility.await().atMost(LAND).until(() -> checkBuildWaits(logs, "crash"));
        List<ProcessHandle> checkTree = land.process().descendants().filter(p -> !LandingRepo.isWatchdog(p))
                .collect(Collectors.toList());
        List<ProcessHandle> watchdog = land.process().children().filter(LandingRepo::isWatchdog)
                .collect(Collectors.toList());
        assertThat(watchdog).as("the lander's watchdog").hasSize(1);
        long landerPid = land.process().pid();
        MavenRun next = repo.mvnWith(env, repo.main, "next-build", "validate")
                .awaitLog("Build queue: next up; lane crash (land checks of crash), pid " + landerPid, LAND);
        try {
            long killed = System.nanoTime();
            land.process().destroyForcibly(); // kill -9: no hook runs; the check build is re-parented and runs on
            next.awaitLog("Build lock acquired", NEXT_BUILD);
            Duration toLock = Duration.ofNanos(System.nanoTime() - killed);
            System.out.printf("LandTrapsIT %s: kill -9 of lander %d to the next build's build lock: %d ms%n", layer, landerPid,
                    toLock.toMillis());

            // The check's JVM frees the build lock in its shutdown hook and exits just after: on a crowded
            // machine the next build can take the lock in between. What must hold is that the tree ends.
            assertThat(stillRunningAfter(checkTree, NEXT_BUILD))
                    .as("no process of the dead lander's tree is left %s after the next build had the lock (after %d ms)",
                            NEXT_BUILD, toLock.toMillis())
                    .isEmpty();
            assertThat(watchdog.get(0).onExit().get(30, java.util.concurrent.TimeUnit.SECONDS).isAlive())
                    .as("the watchdog ends once it has stopped the check").isFalse();
            assertThat(next.awaitExit(LAND)).as(next.log()).isZero();
            assertThat(next.log()).contains("Build queue: holder pid " + landerPid + " (lane crash, land checks of crash) died;"
                    + " taking over");
            assertThat(checkLog(logs, "crash")).contains("[queue-lock] The lander (pid " + landerPid + ") has ended: stopped this"
                    + " check build");
        } finally {
            checkTree.forEach(ProcessHandle::destroyForcibly);
        }
    }

    @Test
    @Timeout(400)
    void onARemoteWhoseDefaultIsMasterInitGuardsMasterLetsItsOwnCommitThroughAndLandLandsThere() throws Exception {
        repo = LandingRepo.create(work, "master", false); // origin added by git remote add: no origin/HEAD
        Path main = repo.main;
        LandingRepo.git(main, "rm", "-q", ".mvn/extensions.xml");
        LandingRepo.git(main, "-c", "user.name=it", "-c", "user.email=it@example.invalid", "commit", "-q", "-m", "no extension");
        LandingRepo.git(main, "push", "-q", "origin", "master");

        MavenRun init = repo.mvn(main, "init", "dev.queuelock:queue-lock-maven-plugin:" + TestRepos.VERSION + ":init");

        assertThat(init.awaitExit(LAND)).as(init.log()).isZero();
        assertThat(init.log())
                .contains("integration branch: master (the default branch of remote origin;"
                        + " override with -Dqueuelock.land.integrationBranch=<branch>)")
                .contains("refuses direct pushes to master")
                .contains("git push origin HEAD:master");
        LandingRepo.git(main, "add", ".mvn", "CLAUDE.md", ".claude"); // as init says: its own files (not Maven 4's target/)
        LandingRepo.git(main, "-c", "user.name=it", "-c", "user.email=it@example.invalid", "commit", "-q", "-m", "queue-lock");
        TestGit.Result setup = LandingRepo.tryGit(main, "push", "origin", "HEAD:master");
        assertThat(setup.exit).as(setup.out).isZero();
        assertThat(setup.out).contains("allowed: it changes only queue-lock's own set-up");

        Files.writeString(main.resolve("direct.txt"), "x\n");
        LandingRepo.git(main, "add", "direct.txt");
        LandingRepo.git(main, "-c", "user.name=it", "-c", "user.email=it@example.invalid", "commit", "-q", "-m", "direct");
        TestGit.Result direct = LandingRepo.tryGit(main, "push", "origin", "HEAD:master");
        assertThat(direct.exit).as(direct.out).isNotZero();
        assertThat(direct.out).contains("direct push to 'master' refused");
        LandingRepo.git(main, "reset", "-q", "--keep", "HEAD~1");

        Path lane = repo.lane("topic", "topic.txt", "master");
        MavenRun land = repo.mvn(lane, "land-master", "queuelock:land", "-Dqueuelock.land.checkGoals=validate");
        assertThat(land.awaitExit(LAND)).as(land.log()).isZero();
        assertThat(land.log()).contains("topic landed on origin/master");
        assertThat(repo.remoteSubjects("master")).containsExactly("topic work", "queue-lock", "no extension", "project");
    }

    @Test
    @Timeout(300)
    void landWithoutTheRemoteSaysWhichIsMissingBeforeQueueing() throws Exception {
        Path solo = TestRepos.repoWithWorktrees(work.resolve("solo")).get(0);
        repo = LandingRepo.of(work);
        LandingRepo.git(solo, "switch", "-q", "-c", "lane");

        MavenRun land = repo.mvn(solo, "land-no-remote", "queuelock:land", "-Dqueuelock.land.checkGoals=validate");

        assertThat(land.awaitExit(LAND)).isNotZero();
        assertThat(land.log()).contains("this repository has no remote 'origin' to land on (it has no remote at all)")
                .contains("git remote add origin").doesNotContain("\tat ");
        assertThat(queueDirs("land")).as("nothing queued").isEmpty();
    }

    @Test
    @Timeout(300)
    void aCheckCommandWithSpacesIsRefusedSayingHowArgumentsAreSeparated() throws Exception {
        repo = LandingRepo.create(work, "main", true);
        Path lane = repo.lane("spaces", "spaces.txt", "main");
        String before = LandingRepo.git(lane, "rev-parse", "HEAD");

        MavenRun land = repo.mvn(lane, "land-spaces", "queuelock:land", "-Dqueuelock.land.checkCommand=sh -c true");

        assertThat(land.awaitExit(LAND)).isNotZero();
        assertThat(land.log()).contains("arguments are separated by commas").contains("-Dqueuelock.land.checkCommand=sh,-c,true")
                .doesNotContain("Cannot run program");
        assertThat(LandingRepo.git(lane, "rev-parse", "HEAD")).isEqualTo(before);
    }

    @Test
    @Timeout(300)
    void statusOfAMissingDirectorySaysSoAndQuietStatusStillPrintsItsReport() throws Exception {
        repo = LandingRepo.create(work, "main", true);

        MavenRun missing = repo.mvn(repo.main, "status-missing", "queuelock:status", "-Dqueuelock.status.directory=/nonexistent/dir");
        assertThat(missing.awaitExit(LAND)).isNotZero();
        assertThat(missing.log()).contains("-Dqueuelock.status.directory=/nonexistent/dir: no such directory")
                .doesNotContain("is git installed");

        MavenRun quiet = repo.mvn(repo.main, "status-quiet", "-q", "queuelock:status");
        assertThat(quiet.awaitExit(LAND)).as(quiet.log()).isZero();
        assertThat(quiet.log()).contains("build queue (repo scope)").contains("land queue (repo scope)").doesNotContain("[INFO]");
    }

    @Test
    @Timeout(300)
    void initOutsideGitWritesNothing() throws Exception {
        repo = LandingRepo.of(work);
        Path plain = Files.createDirectories(work.resolve("plain"));

        MavenRun init = repo.mvn(plain, "init-plain", "dev.queuelock:queue-lock-maven-plugin:" + TestRepos.VERSION + ":init");

        assertThat(init.awaitExit(LAND)).isNotZero();
        assertThat(init.log()).contains("is not in a git repository").contains("Nothing was written");
        assertThat(plain.resolve(".mvn")).doesNotExist();
    }

    @Test
    @Timeout(300)
    void anUnreachableZooKeeperIsOneLineUnlessDebugging() throws Exception {
        repo = LandingRepo.create(work, "main", true);
        String[] unreachable = {"queuelock:status", "-Dqueuelock.land.backend=zookeeper",
            "-Dqueuelock.zookeeper.connect=127.0.0.1:1", "-Dqueuelock.zookeeper.connectionTimeout=2s"};

        MavenRun status = repo.mvn(repo.main, "status-zk-down", unreachable);

        assertThat(status.awaitExit(LAND)).isNotZero();
        assertThat(status.log()).contains("127.0.0.1:1").doesNotContain("Client environment").doesNotContain("\tat ");
    }

    @Test
    @Timeout(400)
    void aQueuedLandSurvivesSighupAndOneStoppedWhileQueuedLeavesNoWarning() throws Exception {
        repo = LandingRepo.create(work, "main", true);
        Path release = work.resolve("release-first");
        MavenRun first = repo.mvn(repo.lane("first", "first.txt", "main"), "land-first", "queuelock:land",
                "-Dqueuelock.land.checkGoals=validate", "-Drelease=" + release).awaitLog("land queue acquired", LAND);
        MavenRun hup = repo.mvn(repo.lane("hup", "hup.txt", "main"), "land-hup", "queuelock:land",
                "-Dqueuelock.land.checkGoals=validate").awaitLog("Land queue:", LAND);
        Path stoppedLane = repo.lane("stopped", "stopped.txt", "main");
        MavenRun stopped = repo.mvn(stoppedLane, "land-stopped", "queuelock:land", "-Dqueuelock.land.checkGoals=validate")
                .awaitLog("Land queue:", LAND);

        signal("HUP", hup.process().pid());
        stopped.process().destroy(); // SIGTERM, as Ctrl-C (SIGINT is ignored when the tests run as a background job)

        assertThat(stopped.awaitExit(Duration.ofSeconds(60))).isNotZero();
        assertThat(hup.process().waitFor(3, java.util.concurrent.TimeUnit.SECONDS)).as("land survives SIGHUP").isFalse();
        Files.createFile(release);
        assertThat(first.awaitExit(LAND)).as(first.log()).isZero();
        assertThat(hup.awaitExit(LAND)).as(hup.log()).isZero();
        assertThat(hup.log()).contains("hup landed on origin/main");

        MavenRun again = repo.mvn(stoppedLane, "land-again", "queuelock:land", "-Dqueuelock.land.checkGoals=validate");
        assertThat(again.awaitExit(LAND)).as(again.log()).isZero();
        assertThat(again.log()).contains("stopped landed on origin/main").doesNotContain("was interrupted");
    }

    /** Whether a check log of {@code lane} shows its build in the project's validate phase (which waits for -Drelease). */
    private static boolean checkBuildWaits(Path logs, String lane) throws java.io.IOException {
        if (!Files.isDirectory(logs)) {
            return false;
        }
        try (java.util.stream.Stream<Path> files = Files.list(logs)) {
            for (Path log : files.filter(f -> f.getFileName().toString().startsWith(lane)).collect(Collectors.toList())) {
                // "--- maven-antrun-plugin:3.1.0:run" on Maven 3.8, "--- antrun:3.1.0:run" on 3.9 and 4
                if (java.util.regex.Pattern.compile("--- (maven-)?antrun(-plugin)?:\\S+:run ").matcher(Files.readString(log)).find()) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String checkLog(Path logs, String lane) throws java.io.IOException {
        try (java.util.stream.Stream<Path> files = Files.list(logs)) {
            for (Path log : files.filter(f -> f.getFileName().toString().startsWith(lane) && f.toString().endsWith(".log"))
                    .collect(Collectors.toList())) {
                return Files.readString(log);
            }
        }
        return "";
    }

    /** The processes of {@code tree} still {@link #running} once each has had up to {@code patience} to end. */
    private static List<ProcessHandle.Info> stillRunningAfter(List<ProcessHandle> tree, Duration patience) {
        try {
            Awaitility.await().atMost(patience).pollInterval(Duration.ofMillis(100))
                    .until(() -> tree.stream().noneMatch(LandTrapsIT::running));
        } catch (ConditionTimeoutException stillThere) {
            // the assertion names them
        }
        return tree.stream().filter(LandTrapsIT::running).map(ProcessHandle::info).collect(Collectors.toList());
    }

    /** Running as the lock judges it: an exited process that nobody has reaped yet (a zombie) does not count. */
    private static boolean running(ProcessHandle process) {
        return Liveness.isAlive(process.pid(), null);
    }

    private static void signal(String signal, long pid) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
        assertThat(kill.waitFor(10, java.util.concurrent.TimeUnit.SECONDS) && kill.exitValue() == 0).isTrue();
    }

    private List<Path> queueDirs(String queue) throws Exception {
        if (!Files.isDirectory(repo.tmp())) {
            return List.of();
        }
        try (java.util.stream.Stream<Path> dirs = Files.list(repo.tmp())) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("claude-code-merge-queue-" + queue + "-queue-"))
                    .collect(Collectors.toList());
        }
    }
}

package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import dev.queuelock.process.Liveness;
import dev.queuelock.process.Processes;
import dev.queuelock.testsupport.Timing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A lander killed with {@code kill -9} while its check build starts: after it took the build lock
 * for its checks and before the check build's session joined that hold. The orphaned check build
 * is the process tree that keeps the dead lander's lock; before, it queued behind that lock and so
 * waited for itself, and every later build of the repository waited behind it, for good. The
 * lander's watchdog, which would stop the orphan ({@code LandTrapsIT}), is killed first here: the
 * orphan must end well without it too (both killed at once, say). In both process layers: the
 * lander and its check are told the layer by their environment, so both layers run in the suite's
 * one pool of IT classes.
 */
class OrphanedCheckIT {

    /** A dead lander's check stalls no build: another lane's build runs within 30 s of the kill (scaled by the timing knob). */
    private static final Duration NEXT_BUILD = Timing.seconds(30);

    /** Where in the check's start-up the lander dies. */
    enum Moment {
        /** While the check command still sleeps, before its Maven starts. */
        BEFORE_CHECK_MAVEN("sleep 8; exec mvn", lander -> lander.descendants().anyMatch(p -> runs(p, "sleep"))),
        /** As soon as the check's Maven JVM exists: its session has not started yet. */
        AS_CHECK_MAVEN_STARTS("exec mvn", lander -> lander.children().anyMatch(p -> runs(p, "java") && !LandingRepo.isWatchdog(p)));

        final String script;
        /** Whether the lander's check has got that far. */
        final Predicate<ProcessHandle> started;

        Moment(String script, Predicate<ProcessHandle> started) {
            this.script = script;
            this.started = started;
        }

        private static boolean runs(ProcessHandle process, String program) {
            return process.info().command().map(c -> c.endsWith("/" + program)).orElse(false);
        }
    }

    @org.junit.jupiter.api.io.TempDir
    Path work;

    private LandingRepo repo;

    @AfterEach
    void stopMavens() {
        if (repo != null) {
            repo.close();
        }
    }

    /** Each moment in each process layer. */
    static Stream<Arguments> momentsAndLayers() {
        return Stream.of(Moment.values()).flatMap(m -> Stream.of("linux", "portable").map(layer -> Arguments.of(m, layer)));
    }

    @ParameterizedTest(name = "{0}, {1}")
    @MethodSource("momentsAndLayers")
    @Timeout(400)
    void aLanderKilledWhileItsCheckStartsLeavesNoProcessWaitingForItself(Moment moment, String layer) throws Exception {
        repo = LandingRepo.create(work, "main", true);
        Path lane = repo.lane("o-1", "o.txt", "main");
        String check = moment.script + " -B -Dmaven.repo.local=" + MavenRun.IT_REPO + " validate";
        Map<String, String> env = Map.of(Processes.ENV, layer);
        MavenRun land = repo.mvnWith(env, lane, "land", "queuelock:land", "-Dqueuelock.land.checkCommand=sh,-c," + check);

        long lander = land.process().pid();
        String start = Processes.current().startToken(lander).orElseThrow();
        Processes landersLayer = Processes.forEnvironment(layer);
        String landersStart = landersLayer.startToken(lander).orElseThrow();
        // The lander has got that far and its process layer knows the check as its own: on the portable
        // layer it records the check just after starting it, and a lander killed in between leaves a
        // check that keeps no hold; that moment is not the one under test.
        try {
            Awaitility.await().atMost(Timing.forMaven()).pollInterval(Duration.ofMillis(20))
                    .until(() -> Files.isDirectory(logs()) && moment.started.test(land.process().toHandle())
                            && landersLayer.anyStartedBy(lander, landersStart));
        } catch (ConditionTimeoutException e) {
            // Which part never came: the check log, the check's process, or the layer's record of it.
            throw new AssertionError("check log: " + Files.isDirectory(logs()) + ", check process: "
                    + moment.started.test(land.process().toHandle()) + ", known to the " + layer + " layer: "
                    + landersLayer.anyStartedBy(lander, landersStart) + "; the lander's log:\n" + land.log(), e);
        }
        land.process().children().filter(LandingRepo::isWatchdog).forEach(ProcessHandle::destroyForcibly);
        land.process().destroyForcibly(); // kill -9: no hook runs; the check is re-parented and starts on its own
        land.awaitExit(Duration.ofSeconds(30));

        MavenRun next = repo.mvnWith(env, repo.main, "next-build", "validate");
        next.awaitLog("Build lock acquired", NEXT_BUILD.plus(Timing.forMavenToStart()));
        assertThat(Liveness.keptByTree(new LockRecord(lander, "o-1", null, 0, start)))
                .as("no process of the dead lander's tree is left, waiting or running").isFalse();
        assertThat(next.awaitExit(Timing.forMaven())).as(next.log()).isZero();

        String orphan = checkLog();
        assertThat(orphan).as("the orphaned check joined the dead lander's hold and said so")
                .contains("has ended; this build keeps that hold until it ends").doesNotContain("Build queue: next up");
        if (moment == Moment.BEFORE_CHECK_MAVEN) {
            assertThat(next.log()).as("the waiting line says why the lock is still held")
                    .contains("pid " + lander + " has ended, and what it started (a check build) still runs");
        }
    }

    /** Where land writes its check logs: there before the check starts. */
    private Path logs() {
        return repo.main.resolve(".git/queuelock/logs");
    }

    private String checkLog() throws Exception {
        try (Stream<Path> files = Files.list(logs())) {
            List<Path> found = files.filter(f -> f.getFileName().toString().startsWith("o-1")).collect(Collectors.toList());
            assertThat(found).hasSize(1);
            return Files.readString(found.get(0));
        }
    }
}

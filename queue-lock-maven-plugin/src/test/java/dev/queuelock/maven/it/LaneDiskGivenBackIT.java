package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.Timing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 57, disk given back, on the three-module project with real Maven and real git: with
 * {@code queuelock.lanes.dropIdleOutputAfter} set, prune drops the build output (each module's
 * {@code target/}) of a lane nobody works in, and keeps it in a lane whose build is running (a real
 * build, whose test waits for the test to let it end); with {@code queuelock.lanes.lowFreeSpaceGb} above
 * the disk's free space, status, the watch and its notify command, and the next build in a lane say
 * so, with what can be freed and the command that frees it.
 */
class LaneDiskGivenBackIT {

    private static final Duration MVN = Timing.forMaven();
    /** More GB than any disk the suite runs on has free. */
    private static final String LOW = "-Dqueuelock.lanes.lowFreeSpaceGb=100000";

    @ProjectOnMain
    LandingRepo repo;

    @Test
    @Timeout(900)
    void anIdleLanesBuildOutputIsDroppedNeverUnderARunningBuildAndLowFreeSpaceIsSaidByStatusWatchAndTheNextBuild() throws Exception {
        Path one = ThreeModuleLanes.addingAClass(repo, "main-lane-1", "app");
        Path two = ThreeModuleLanes.addingAClass(repo, "main-lane-2", "app");
        Path release = repo.work.resolve("release-hold");
        ThreeModuleLanes.commitTest(two, "HoldTest", "File go = new File(\"" + release + "\"); while (!go.exists()) { Thread.sleep(100); }");
        ok(repo.mvn(one, "compile-1", "test-compile", "-Dqueuelock.build.affected=off"));
        ok(repo.mvn(two, "compile-2", "test-compile", "-Dqueuelock.build.affected=off"));
        List<Path> oneOutput = outputs(one);
        List<Path> twoOutput = outputs(two);
        assertThat(oneOutput).as("each module's target/ in lane 1").hasSize(3);
        assertThat(twoOutput).as("each module's target/ in lane 2").hasSize(3);

        // Lane 2's next build runs: a real Maven whose test waits until the test lets it end.
        MavenRun running = repo.mvn(two, "held-2", "test", "-Dtest=HoldTest", "-Dsurefire.failIfNoSpecifiedTests=false",
                "-Dqueuelock.build.affected=off", "-Dqueuelock.lanes.lowFreeSpaceGb=1").awaitLog("Running shop.app.HoldTest", MVN);
        try {
            MavenRun prune = ok(repo.mvn(repo.main, "prune", "queuelock:prune", "-Dqueuelock.lanes.dropIdleOutputAfter=1ms"));
            assertThat(prune.log())
                    .containsPattern("dropped the build output of lane main-lane-1, idle [0-9hms ]+"
                            + " \\(queuelock.lanes.dropIdleOutputAfter 1ms\\): api/target, app/target, shared/target, freeing [0-9.]+ [kMG]B")
                    .containsPattern("kept the build output of lane main-lane-2: in use \\(")
                    .doesNotContain("dropped the build output of lane main-lane-2");
            Matcher freed = Pattern.compile("dropped the build output of 1 idle lane\\(s\\), freeing ([0-9.]+ [kMG]B)").matcher(prune.log());
            assertThat(freed.find()).as(prune.log()).isTrue();
            System.out.println("LaneDiskGivenBackIT: idle build output freed " + freed.group(1));
            assertThat(oneOutput).allSatisfy(target -> assertThat(target).as("idle: dropped").doesNotExist());
            assertThat(twoOutput).allSatisfy(target -> assertThat(target).as("its build runs: kept").isDirectory());
            assertThat(one.resolve("app/src/main/java/shop/app/Notemainlane1.java")).as("only output goes").exists();
            assertThat(running.process().isAlive()).as("the held build still waits").isTrue();

            // Free space under the threshold: status says it (and keeps what can be freed for the lanes' builds).
            MavenRun status = ok(repo.mvn(repo.main, "status-low", "queuelock:status", LOW));
            assertThat(status.log()).containsPattern("FREE SPACE LOW: [0-9.]+ [kMG]B free on .*, under 100000 GB"
                    + " \\(queuelock.lanes.lowFreeSpaceGb\\); no lane can be pruned now; the lanes' build output takes [0-9.]+ [kMG]B"
                    + " \\(mvn clean in a lane frees its own\\)");
        } finally {
            Files.createFile(release);
        }
        assertThat(running.awaitExit(MVN)).as(running.log()).isZero();
        assertThat(running.log()).as("more than 1 GB free where the suite runs").doesNotContain("FREE SPACE LOW");

        // The next build in a lane says it, with the command, from what status counted: no tree walked.
        MavenRun next = ok(repo.mvn(one, "next-1", "validate", LOW));
        assertThat(next.log()).containsPattern("\\[WARNING\\] FREE SPACE LOW: [0-9.]+ [kMG]B free where the lanes live \\(.+\\), under 100000 GB"
                + " \\(queuelock.lanes.lowFreeSpaceGb\\); as status counted [0-9hms ]+ ago,"
                + " no lane can be pruned now; the lanes' build output takes [0-9.]+ [kMG]B \\(mvn clean in a lane frees its own\\)");

        // The watch shows it, and tells its notify command once.
        Path events = repo.work.resolve("events.jsonl");
        Path notify = CheckScripts.write(repo.work, "notify.sh", "cat >> '" + events + "'\necho >> '" + events + "'\n");
        MavenRun watch = repo.mvn(repo.main, "watch", "-B", "queuelock:watch", LOW, "-Dqueuelock.notify=" + notify);
        watch.awaitLog("FREE SPACE LOW: ", MVN);
        Awaitility.await().atMost(MVN).until(() -> Files.exists(events) && Files.readString(events).contains("\"event\":\"low-space\""));
        assertThat(Files.readString(events)).contains("\"reason\":\"FREE SPACE LOW: ").contains("(queuelock.lanes.lowFreeSpaceGb)");
        watch.close();
    }

    /** Each module's {@code target/} in {@code lane}. */
    private static List<Path> outputs(Path lane) throws Exception {
        try (Stream<Path> modules = Stream.of("shared", "app", "api").map(lane::resolve)) {
            return modules.map(m -> m.resolve("target")).filter(Files::isDirectory).collect(Collectors.toList());
        }
    }

    private static MavenRun ok(MavenRun run) throws InterruptedException {
        assertThat(run.awaitExit(MVN)).as(run.log()).isZero();
        return run;
    }
}

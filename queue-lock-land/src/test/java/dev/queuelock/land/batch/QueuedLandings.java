package dev.queuelock.land.batch;

import static dev.queuelock.testsupport.GitFixture.commit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.build.slots.BuildUsage;
import dev.queuelock.build.slots.UsageHistory;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The set-up the landing measurements share: lanes of one change each, a {@link BatchLandWorker}
 * per lane queued behind a land queue the measurement holds, then released at once and timed from
 * that release to each lander's exit.
 */
final class QueuedLandings {

    /** What one round of landings took. */
    static final class Result {
        /** From the release to the last lander's exit. */
        final long wallMillis;
        /** Mean time from the release to each lander's exit. */
        final long meanMillis;
        /** Each lander's output, by lane. */
        final Map<String, String> outputs;

        Result(long wallMillis, long meanMillis, Map<String, String> outputs) {
            this.wallMillis = wallMillis;
            this.meanMillis = meanMillis;
            this.outputs = outputs;
        }
    }

    private final ChildProcesses children;
    private final GitFixture repo;
    private final QueueLockFactory locks;
    private final Path root;

    /** A fresh repository and queue directory under {@code root}. */
    QueuedLandings(ChildProcesses children, Path root) throws Exception {
        this.children = children;
        this.root = root;
        this.repo = new GitFixture(Files.createDirectories(root.resolve("repo")));
        this.locks = QueueLockFactory.defaults().withTmpDir(Files.createDirectory(root.resolve("queues")))
                .withPollInterval(Duration.ofMillis(50));
    }

    GitFixture repo() {
        return repo;
    }

    /** The queue directory the landers are told (their {@code queuelock.tmpdir}). */
    Path queues() {
        return root.resolve("queues");
    }

    /**
     * Runs the check once as a build of this repository and records what it used where
     * {@code auto} slots read it: a repository whose recent builds are this check, as one whose
     * landings ran it. Measured as a build measures itself (CPU of this JVM and its waited-for
     * children while it ran).
     */
    void recordCheckAsRecentBuild(List<String> check) throws Exception {
        BuildUsage.Start start = BuildUsage.start();
        Process run = new ProcessBuilder(check).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        assertThat(run.waitFor()).as("the check alone").isZero();
        BuildUsage used = BuildUsage.measureSince(start);
        assertThat(new UsageHistory(locks.queue("build", repo.main).usageHistory()).record(used)).as(used.toString()).isTrue();
    }

    /**
     * Lands {@code count} lanes, each lander given {@code sizes} ({@link BatchLandWorker}'s
     * {@code <batch>[/<checks at once>]}) and the check; asserts every lane landed.
     */
    Result landAll(int count, String sizes, List<String> check) throws Exception {
        LandingScene scene = new LandingScene(repo, locks);
        scene.holdLandQueue();
        Map<String, ChildProcess> landers = new LinkedHashMap<>();
        for (Map.Entry<String, Path> lane : scene.lanes(count).entrySet()) {
            commit(lane.getValue(), lane.getKey() + ".txt", "x\n", "change of " + lane.getKey());
            List<String> args = new ArrayList<>(List.of(lane.getValue().toString(), queues().toString(), sizes));
            args.addAll(check);
            landers.put(lane.getKey(), children.jvm(BatchLandWorker.class, args).log(root.resolve(lane.getKey() + ".log")).start());
        }
        await().atMost(Duration.ofSeconds(300)).until(() -> scene.waiterOrder().size() == count);
        Thread.sleep(500); // every lander has published its request right before it queued
        long start = System.nanoTime();
        scene.releaseGate();
        Map<ChildProcess, Long> exitedAt = new LinkedHashMap<>();
        while (exitedAt.size() < count) {
            for (ChildProcess lander : landers.values()) {
                if (!exitedAt.containsKey(lander) && !lander.process().isAlive()) {
                    exitedAt.put(lander, (System.nanoTime() - start) / 1_000_000);
                }
            }
            Thread.sleep(20);
        }
        long sum = 0;
        long last = 0;
        Map<String, String> outputs = new LinkedHashMap<>();
        for (Map.Entry<String, ChildProcess> lander : landers.entrySet()) {
            assertThat(lander.getValue().awaitExit(Duration.ofSeconds(5))).as(lander.getValue().output()).isZero();
            sum += exitedAt.get(lander.getValue());
            last = Math.max(last, exitedAt.get(lander.getValue()));
            outputs.put(lander.getKey(), lander.getValue().output());
        }
        assertThat(repo.remoteLog()).hasSize(count + 1);
        return new Result(last, sum / count, outputs);
    }
}

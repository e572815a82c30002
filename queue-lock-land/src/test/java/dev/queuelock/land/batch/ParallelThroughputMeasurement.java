package dev.queuelock.land.batch;

import static dev.queuelock.testsupport.GitFixture.commit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a test of speed (no {@code Test} suffix, so surefire skips it): four lanes queued together,
 * landed with 1, 2 and 4 checks at once ({@code queuelock.land.parallel}, as many build slots),
 * for a check that mostly waits ({@code sleep}) and one that is CPU-bound (a shell loop of fixed
 * work): landings per hour (lanes / wall time from the release of the queue to the last exit) and
 * mean time from the release to each lander's exit. Run:
 * {@code mvn -pl queue-lock-land -am test -Dtest=ParallelThroughputMeasurement -Dsurefire.failIfNoSpecifiedTests=false -Dqueuelock.measure=true}.
 */
@EnabledIfSystemProperty(named = "queuelock.measure", matches = "true")
class ParallelThroughputMeasurement {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    @Timeout(3600)
    void measureOneTwoAndFourChecksAtOnce() throws Exception {
        int lanes = Integer.getInteger("queuelock.measure.lanes", 4);
        String waitSeconds = System.getProperty("queuelock.measure.checkSeconds", "10");
        String cpuLoops = System.getProperty("queuelock.measure.cpuLoops", "2000000");
        Map<String, List<String>> kinds = new LinkedHashMap<>();
        kinds.put("mostly waiting (sleep " + waitSeconds + " s)", List.of("sleep", waitSeconds));
        kinds.put("CPU-bound (" + cpuLoops + " shell loops)", List.of("sh", "-c", "i=0; while [ $i -lt " + cpuLoops + " ]; do i=$((i+1)); done"));
        List<String> rows = new ArrayList<>(List.of("| check | at once | landings/hour | mean time to landed | wall |", "|---|---|---|---|---|"));
        int run = 0;
        for (Map.Entry<String, List<String>> kind : kinds.entrySet()) {
            for (int parallel : new int[] {1, 2, 4}) {
                long[] result = landAll(tmp.resolve("run-" + run++), lanes, parallel, kind.getValue());
                rows.add(String.format("| %s | %d | %.0f | %.1f s | %.1f s |", kind.getKey(), parallel, lanes * 3_600_000.0 / result[0],
                        result[1] / 1000.0, result[0] / 1000.0));
                System.out.println("MEASURED " + rows.get(rows.size() - 1));
            }
        }
        Files.write(Path.of("target", "parallel-measurement.md"), rows, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING);
    }

    /** @return wall ms from the release to the last exit, and the mean ms from the release to each lander's exit */
    private long[] landAll(Path root, int count, int parallel, List<String> check) throws Exception {
        GitFixture repo = new GitFixture(Files.createDirectories(root.resolve("repo")));
        Path queues = Files.createDirectory(root.resolve("queues"));
        QueueLockFactory locks = QueueLockFactory.defaults().withTmpDir(queues).withPollInterval(Duration.ofMillis(50));
        Map<String, ChildProcess> landers = new LinkedHashMap<>();
        QueueLock gate = locks.open("land", repo.main);
        gate.acquire(AcquireOptions.defaults().withLabel("measurement gate"));
        for (int i = 1; i <= count; i++) {
            Path lane = repo.lane("lane-" + i);
            commit(lane, "lane-" + i + ".txt", "x\n", "change of lane-" + i);
            List<String> args = new ArrayList<>(List.of(lane.toString(), queues.toString(), "1/" + parallel));
            args.addAll(check);
            landers.put("lane-" + i, children.jvm(BatchLandWorker.class, args).log(root.resolve("lane-" + i + ".log")).start());
        }
        await().atMost(Duration.ofSeconds(300)).until(() -> locks.snapshot("land", repo.main).waiters().size() == count);
        Thread.sleep(500); // every lander has published its request right before it queued
        long start = System.nanoTime();
        gate.release();
        long sum = 0;
        long last = 0;
        List<ChildProcess> waiting = new ArrayList<>(landers.values());
        Map<ChildProcess, Long> exitedAt = new LinkedHashMap<>();
        while (exitedAt.size() < waiting.size()) {
            for (ChildProcess lander : waiting) {
                if (!exitedAt.containsKey(lander) && !lander.process().isAlive()) {
                    exitedAt.put(lander, (System.nanoTime() - start) / 1_000_000);
                }
            }
            Thread.sleep(20);
        }
        for (ChildProcess lander : waiting) {
            assertThat(lander.awaitExit(Duration.ofSeconds(5))).as(lander.output()).isZero();
            sum += exitedAt.get(lander);
            last = Math.max(last, exitedAt.get(lander));
        }
        assertThat(repo.remoteLog()).hasSize(count + 1);
        return new long[] {last, sum / count};
    }
}

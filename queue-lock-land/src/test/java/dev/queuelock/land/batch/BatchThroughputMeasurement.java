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
 * Not a test of speed (no {@code Test} suffix, so surefire skips it): landing throughput of 6
 * lanes with a 10 s check, serial ({@code batch=1}) against one batch ({@code batch=6}), wall time
 * from the moment the queued landers may start until the last one exits. Run:
 * {@code mvn -pl queue-lock-land -am test -Dtest=BatchThroughputMeasurement -Dsurefire.failIfNoSpecifiedTests=false -Dqueuelock.measure=true}.
 */
@EnabledIfSystemProperty(named = "queuelock.measure", matches = "true")
class BatchThroughputMeasurement {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    @Timeout(900)
    void measureSerialAgainstBatch() throws Exception {
        int lanes = Integer.getInteger("queuelock.measure.lanes", 6);
        String checkSeconds = System.getProperty("queuelock.measure.checkSeconds", "10");
        long serial = landAll(tmp.resolve("serial"), lanes, 1, checkSeconds);
        long batch = landAll(tmp.resolve("batch"), lanes, lanes, checkSeconds);
        String result = String.format("%d lanes, %ss check: serial (batch=1) %.1f s, batch (batch=%d) %.1f s = %.0f %% of serial",
                lanes, checkSeconds, serial / 1000.0, lanes, batch / 1000.0, 100.0 * batch / serial);
        System.out.println("MEASURED " + result);
        Files.writeString(Path.of("target", "batch-measurement.txt"), result + "\n");
    }

    private long landAll(Path root, int count, int batch, String checkSeconds) throws Exception {
        GitFixture repo = new GitFixture(Files.createDirectories(root.resolve("repo")));
        Path queues = Files.createDirectory(root.resolve("queues"));
        QueueLockFactory locks = QueueLockFactory.defaults().withTmpDir(queues).withPollInterval(Duration.ofMillis(50));
        Map<String, ChildProcess> landers = new LinkedHashMap<>();
        QueueLock gate = locks.open("land", repo.main);
        gate.acquire(AcquireOptions.defaults().withLabel("measurement gate"));
        for (int i = 1; i <= count; i++) {
            Path lane = repo.lane("lane-" + i);
            commit(lane, "lane-" + i + ".txt", "x\n", "change of lane-" + i);
            List<String> args = new ArrayList<>(List.of(lane.toString(), queues.toString(), Integer.toString(batch),
                    "sleep", checkSeconds));
            landers.put("lane-" + i, children.jvm(BatchLandWorker.class, args).log(root.resolve("lane-" + i + ".log")).start());
        }
        await().atMost(Duration.ofSeconds(120)).until(() -> locks.snapshot("land", repo.main).waiters().size() == count);
        Thread.sleep(500); // every lander has published its request right before it queued
        long start = System.nanoTime();
        gate.release();
        for (ChildProcess lander : landers.values()) {
            assertThat(lander.awaitExit(Duration.ofSeconds(600))).as(lander.output()).isZero();
        }
        long wall = (System.nanoTime() - start) / 1_000_000;
        landers.forEach((name, lander) -> System.out.println("[" + name + "] " + lander.output().strip().replace("\n", "\n[" + name + "] ")));
        assertThat(repo.remoteLog()).hasSize(count + 1);
        return wall;
    }
}

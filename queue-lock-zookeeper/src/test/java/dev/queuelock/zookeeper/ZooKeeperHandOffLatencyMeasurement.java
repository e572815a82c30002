package dev.queuelock.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.LockWorkers;
import dev.queuelock.testsupport.WorkerEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a test of speed (no {@code Test} suffix, so surefire skips it): the clean hand-off latency
 * on ZooKeeper, next acquire minus previous release, 4 worker JVMs holding 20 ms each, measured
 * exactly as the core's {@code HandOffLatencyMeasurement} measures the file backend. The server
 * runs in the test JVM and writes its transaction log to a temp dir. Run:
 * {@code mvn -pl queue-lock-zookeeper -am verify -Dtest=ZooKeeperHandOffLatencyMeasurement
 * -Dsurefire.failIfNoSpecifiedTests=false -Dqueuelock.measure=true}.
 */
@EnabledIfSystemProperty(named = "queuelock.measure", matches = "true")
class ZooKeeperHandOffLatencyMeasurement {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    @Timeout(900)
    void measureCleanHandOff() throws Exception {
        int rounds = Integer.getInteger("queuelock.measure.rounds", 100);
        try (TestingServer server = ZooKeeperServers.standalone()) {
            List<String> options = ZooKeeperServers.settings(server.getConnectString(), "measure/repo").entrySet().stream()
                    .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.toList());
            LockWorkers workers = new LockWorkers(children, tmp, Files.createDirectory(tmp.resolve("repo")), "land", options);
            List<ChildProcess> started = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                started.add(workers.start("w" + i, 20, rounds));
            }
            for (ChildProcess w : started) {
                assertThat(w.awaitExit(Duration.ofMinutes(12))).as(w.output()).isZero();
            }
            List<WorkerEvent> acquired = workers.events("acquired");
            List<WorkerEvent> released = workers.events("released");
            acquired.sort(Comparator.comparingLong(WorkerEvent::nanos));
            released.sort(Comparator.comparingLong(WorkerEvent::nanos));
            List<Double> handOffs = new ArrayList<>();
            for (int i = 8; i < acquired.size(); i++) { // skip the start-up: all four enrolled by then
                handOffs.add((acquired.get(i).nanos() - released.get(i - 1).nanos()) / 1e6);
            }
            handOffs.sort(Double::compare);
            System.out.printf("zookeeper hand-off over %d clean hand-offs (4 JVMs, 20 ms hold): p50 %.2f ms, p90 %.2f ms,"
                    + " p99 %.2f ms, max %.2f ms%n", handOffs.size(), pct(handOffs, 50), pct(handOffs, 90),
                    pct(handOffs, 99), handOffs.get(handOffs.size() - 1));
        }
    }

    private static double pct(List<Double> sorted, int p) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }
}

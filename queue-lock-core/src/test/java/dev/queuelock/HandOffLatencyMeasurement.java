package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.LockWorkers;
import dev.queuelock.testsupport.WorkerEvent;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a test of speed (surefire does not even pick it up: no {@code Test} suffix): a measurement
 * of the clean hand-off latency, next acquire minus previous release, with 4 worker JVMs holding
 * 20 ms each. Run: {@code mvn -pl queue-lock-core verify -Dtest=HandOffLatencyMeasurement
 * -Dqueuelock.measure=true}.
 */
@EnabledIfSystemProperty(named = "queuelock.measure", matches = "true")
class HandOffLatencyMeasurement {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    @Timeout(600)
    void measureCleanHandOff() throws Exception {
        int rounds = Integer.getInteger("queuelock.measure.rounds", 100);
        LockWorkers workers = LockWorkers.onNewRepo(children, tmp);
        List<ChildProcess> started = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            started.add(workers.start("w" + i, 20, rounds));
        }
        for (ChildProcess w : started) {
            assertThat(w.awaitExit(Duration.ofMinutes(8))).as(w.output()).isZero();
        }
        List<WorkerEvent> acquired = workers.events("acquired");
        List<WorkerEvent> released = workers.events("released");
        acquired.sort(Comparator.comparingLong(WorkerEvent::nanos));
        released.sort(Comparator.comparingLong(WorkerEvent::nanos));
        // Skip the start-up phase: count only hand-offs once all four workers are enrolled.
        List<Double> handOffs = new ArrayList<>();
        for (int i = 8; i < acquired.size(); i++) {
            long previousRelease = released.get(i - 1).nanos();
            handOffs.add((acquired.get(i).nanos() - previousRelease) / 1e6);
        }
        handOffs.sort(Double::compare);
        System.out.printf("hand-off over %d clean hand-offs (4 JVMs, 20 ms hold): p50 %.2f ms, p90 %.2f ms,"
                + " p99 %.2f ms, max %.2f ms%n", handOffs.size(), pct(handOffs, 50), pct(handOffs, 90),
                pct(handOffs, 99), handOffs.get(handOffs.size() - 1));
    }

    private static double pct(List<Double> sorted, int p) {
        return sorted.get(Math.min(sorted.size() - 1, (int) Math.ceil(p / 100.0 * sorted.size()) - 1));
    }
}

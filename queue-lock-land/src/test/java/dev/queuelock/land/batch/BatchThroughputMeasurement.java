package dev.queuelock.land.batch;

import dev.queuelock.testsupport.ChildProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
        QueuedLandings.Result result = new QueuedLandings(children, root).landAll(count, Integer.toString(batch),
                List.of("sleep", checkSeconds));
        result.outputs.forEach((name, output) -> System.out.println("[" + name + "] " + output.strip().replace("\n", "\n[" + name + "] ")));
        return result.wallMillis;
    }
}

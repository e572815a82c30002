package dev.queuelock.land.batch;

import dev.queuelock.testsupport.ChildProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a test of speed (no {@code Test} suffix, so surefire skips it): lanes whose checks mostly
 * wait ({@code sleep}), their landers started one after another as agents start them (no gate),
 * landed one at a time and with checks side by side, in the same run: wall time from the first
 * start to the last lander's exit and mean time from each start to landed. Run:
 * {@code mvn -pl queue-lock-land -am test -Dtest=RollingThroughputMeasurement -Dsurefire.failIfNoSpecifiedTests=false -Dqueuelock.measure=true}
 * (options: {@code -Dqueuelock.measure.lanes=3}, {@code .checkSeconds=15}, {@code .gapMillis=1000}, {@code .settings=1,3}).
 */
@EnabledIfSystemProperty(named = "queuelock.measure", matches = "true")
class RollingThroughputMeasurement {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    @Timeout(3600)
    void measureLandersArrivingApart() throws Exception {
        int lanes = Integer.getInteger("queuelock.measure.lanes", 3);
        String seconds = System.getProperty("queuelock.measure.checkSeconds", "15");
        Duration gap = Duration.ofMillis(Long.getLong("queuelock.measure.gapMillis", 1000));
        List<String> rows = new ArrayList<>(List.of("| at once | wall (first start to last landed) | mean from start to landed |", "|---|---|---|"));
        int run = 0;
        for (String atOnce : System.getProperty("queuelock.measure.settings", "1,3").split(",")) {
            QueuedLandings landings = new QueuedLandings(children, tmp.resolve("run-" + run++));
            QueuedLandings.Result result = landings.landArriving(lanes, "1/" + atOnce, List.of("sleep", seconds), gap);
            // Each lander started gap later than the one before: its own time to landed starts then.
            long meanFromStart = result.meanMillis - gap.toMillis() * (lanes - 1) / 2;
            rows.add(String.format("| %s | %.1f s | %.1f s |", atOnce, result.wallMillis / 1000.0, meanFromStart / 1000.0));
            System.out.println("MEASURED " + rows.get(rows.size() - 1));
        }
        rows.add("");
        rows.add(lanes + " lanes, checks of sleep " + seconds + " s, landers started " + gap.toMillis() + " ms apart");
        Files.write(Path.of("target", "rolling-measurement.md"), rows, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING);
    }
}

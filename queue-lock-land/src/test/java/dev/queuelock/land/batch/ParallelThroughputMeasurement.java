package dev.queuelock.land.batch;

import dev.queuelock.testsupport.ChildProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Not a test of speed (no {@code Test} suffix, so surefire skips it): four lanes queued together,
 * landed with 1, 2 and 4 checks at once and {@code auto} ({@code queuelock.land.parallel}, the
 * build queue given as many slots, or {@code auto} slots), for a check that mostly waits
 * ({@code sleep}) and one that is CPU-bound (a shell loop of fixed work): landings per hour (lanes
 * / wall time from the release of the queue to the last exit) and mean time from the release to
 * each lander's exit. Under {@code auto} the repository's recent builds are one run of the check
 * (recorded before the round), and the row names the number each lander chose. Run:
 * {@code bench/run.sh only=land-parallel}, or
 * {@code mvn -pl queue-lock-land -am test -Dtest=ParallelThroughputMeasurement -Dsurefire.failIfNoSpecifiedTests=false -Dqueuelock.measure=true}
 * (options: {@code -Dqueuelock.measure.settings=1,2,4,auto}, {@code .lanes}, {@code .checkSeconds}, {@code .cpuLoops}).
 */
@EnabledIfSystemProperty(named = "queuelock.measure", matches = "true")
class ParallelThroughputMeasurement {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    @Timeout(3600)
    void measureChecksAtOnce() throws Exception {
        int lanes = Integer.getInteger("queuelock.measure.lanes", 4);
        String waitSeconds = System.getProperty("queuelock.measure.checkSeconds", "10");
        String cpuLoops = System.getProperty("queuelock.measure.cpuLoops", "2000000");
        List<String> settings = List.of(System.getProperty("queuelock.measure.settings", "1,2,4,auto").split(","));
        Map<String, List<String>> kinds = new LinkedHashMap<>();
        kinds.put("mostly waiting (sleep " + waitSeconds + " s)", List.of("sleep", waitSeconds));
        kinds.put("CPU-bound (" + cpuLoops + " shell loops)", List.of("sh", "-c", "i=0; while [ $i -lt " + cpuLoops + " ]; do i=$((i+1)); done"));
        List<String> rows = new ArrayList<>(List.of("| check | at once | landings/hour | mean time to landed | wall |", "|---|---|---|---|---|"));
        List<String> decisions = new ArrayList<>();
        int run = 0;
        for (Map.Entry<String, List<String>> kind : kinds.entrySet()) {
            for (String atOnce : settings) {
                QueuedLandings landings = new QueuedLandings(children, tmp.resolve("run-" + run++));
                if ("auto".equals(atOnce)) {
                    landings.recordCheckAsRecentBuild(kind.getValue());
                }
                QueuedLandings.Result result = landings.landAll(lanes, "1/" + atOnce, kind.getValue());
                rows.add(String.format("| %s | %s | %.0f | %.1f s | %.1f s |", kind.getKey(), describe(atOnce, result),
                        lanes * 3_600_000.0 / result.wallMillis, result.meanMillis / 1000.0, result.wallMillis / 1000.0));
                System.out.println("MEASURED " + rows.get(rows.size() - 1));
                if ("auto".equals(atOnce)) { // the first lander leads: its number is the first round's
                    decisions.add("- " + kind.getKey() + ", `auto`: lane-1 chose " + chosen(result.outputs.get("lane-1")));
                }
            }
        }
        if (!decisions.isEmpty()) {
            rows.add("");
            rows.addAll(decisions);
        }
        Files.write(Path.of("target", "parallel-measurement.md"), rows, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING);
    }

    /** {@code 2}, or for auto the numbers its landers chose: {@code auto (2)}, {@code auto (1, 2)}. */
    private static String describe(String atOnce, QueuedLandings.Result result) {
        if (!"auto".equals(atOnce)) {
            return atOnce;
        }
        TreeSet<String> numbers = new TreeSet<>();
        result.outputs.values().stream().filter(output -> output.contains(BatchLandWorker.AT_ONCE)) // the leaders
                .forEach(output -> numbers.add(chosen(output).replaceAll(" .*", "")));
        return "auto (" + String.join(", ", numbers) + ")";
    }

    /** A leader's line: how many at once as it led, and how auto decided. */
    private static String chosen(String output) {
        return output.lines().filter(line -> line.startsWith(BatchLandWorker.AT_ONCE)).findFirst()
                .map(line -> line.substring(BatchLandWorker.AT_ONCE.length())).orElse("? (no line)");
    }
}

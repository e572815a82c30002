import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.checks.FlakyTest;
import dev.queuelock.land.checks.FlakyTests;
import dev.queuelock.land.history.BatchRecord;
import dev.queuelock.land.history.CommandTime;
import dev.queuelock.land.history.LandHistory;
import dev.queuelock.land.history.LandRun;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Seeds a repository's landing history and flaky tests with N runs, through land's own writers
 * (LandHistory, FlakyTests), for bench/goal-overhead.sh --history N. Run with the source launcher:
 * {@code java -cp <land, core, jackson jars> bench/SeedLandHistory.java N <git common dir>}.
 * The same N gives the same records: three lanes, one run in five a batch of two, one in seven a
 * failed check, one flaky test run in four.
 */
public final class SeedLandHistory {

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        Path common = Path.of(args[1]);
        Instant start = Instant.parse("2026-12-01T09:00:00Z");
        List<LandRun> runs = new ArrayList<>();
        List<FlakyTest> flaky = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String lane = "lane-" + (i % 3 + 1);
            String time = start.plusSeconds(600L * i).toString();
            boolean failed = i % 7 == 6;
            Map<String, Long> phases = new LinkedHashMap<>();
            long total = 0;
            for (Phase phase : Phase.values()) {
                long ms = 200L + 137L * ((i + phase.ordinal()) % 11);
                phases.put(phase.id(), ms);
                total += ms;
            }
            phases.put(CommandTime.JVM, 310L + i % 5);
            phases.put(CommandTime.MAVEN, 1200L + 10L * (i % 4));
            phases.put(CommandTime.PREFLIGHT, 90L + i % 3);
            BatchRecord batch = i % 5 == 4
                    ? new BatchRecord(1764579600000L + i + "-" + (4000 + i), lane, List.of(lane, "lane-" + ((i + 1) % 3 + 1)), 1,
                            List.of("run 1: " + lane + " + lane-" + ((i + 1) % 3 + 1) + ": passed"))
                    : null;
            runs.add(new LandRun(time, lane, "feature/" + lane, failed ? null : String.format("%040x", 0xabc000L + i),
                    failed ? Outcome.CHECK_FAILED : Outcome.LANDED, total, phases, i % 4 == 3 ? 1 : 0, batch));
            if (i % 4 == 1) {
                flaky.add(new FlakyTest("shop.app.CheckoutTest.paysTheTotal" + (i % 3), lane, time,
                        "/tmp/queuelock-land-" + lane + "-" + i + ".log"));
            }
        }
        new LandHistory(common).appendAll(runs);
        new FlakyTests(common).record(flaky);
        System.out.println(n + " runs in " + new LandHistory(common).file() + ", " + flaky.size() + " flaky test runs");
    }
}

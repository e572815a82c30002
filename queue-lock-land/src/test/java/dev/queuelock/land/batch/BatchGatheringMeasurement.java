package dev.queuelock.land.batch;

import static dev.queuelock.testsupport.GitFixture.commit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.land.history.LandHistory;
import dev.queuelock.land.history.LandRun;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.GitFixture;
import java.lang.management.ManagementFactory;
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
 * Not a test (no {@code Test} suffix, so surefire skips it): whether landers started at the same
 * moment meet in one batch. That depends on how unevenly their JVMs start on this machine, against
 * the leader's gathering ({@code GatheringTest} tests its decisions on its own clock). Each round
 * loads four lander JVMs (batch 4, a 5 s check), lets them land at once, and prints the check builds
 * and the batches formed with the load average. Run:
 * {@code mvn -pl queue-lock-land -am test -Dtest=BatchGatheringMeasurement -Dsurefire.failIfNoSpecifiedTests=false -Dqueuelock.measure=true}
 * ({@code -Dqueuelock.measure.rounds=3}, {@code -Dqueuelock.measure.lanes=4}).
 */
@EnabledIfSystemProperty(named = "queuelock.measure", matches = "true")
class BatchGatheringMeasurement {

    /** Counts its runs in the file given as $0, takes 5 s. */
    private static final String CHECK = "echo run >> \"$0\"; sleep 5";

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    @Timeout(1800)
    void measureLandersStartedTogether() throws Exception {
        int rounds = Integer.getInteger("queuelock.measure.rounds", 3);
        int lanes = Integer.getInteger("queuelock.measure.lanes", 4);
        List<String> results = new ArrayList<>();
        int inOneBatch = 0;
        for (int round = 1; round <= rounds; round++) {
            Round result = startTogether(tmp.resolve("round-" + round), lanes);
            inOneBatch += result.batches().equals(List.of(lanes)) ? 1 : 0;
            results.add(String.format("round %d: %d check build(s), batches %s, load %.1f -> %.1f",
                    round, result.checkBuilds(), result.batches(), result.loadBefore(), result.loadAfter()));
            System.out.println("MEASURED " + results.get(results.size() - 1));
        }
        String summary = String.format("%d landers started together (batch %d, 5 s check), %d cores: one batch in %d of %d rounds",
                lanes, lanes, Runtime.getRuntime().availableProcessors(), inOneBatch, rounds);
        System.out.println("MEASURED " + summary);
        Files.writeString(Path.of("target", "gathering-measurement.txt"), summary + "\n" + String.join("\n", results) + "\n");
    }

    private Round startTogether(Path root, int count) throws Exception {
        GitFixture repo = new GitFixture(Files.createDirectories(root.resolve("repo")));
        Path queues = Files.createDirectory(root.resolve("queues"));
        Path checkRuns = root.resolve("check-runs");
        Path go = root.resolve("go");
        Map<String, ChildProcess> landers = new LinkedHashMap<>();
        for (int i = 1; i <= count; i++) {
            Path lane = repo.lane("lane-" + i);
            commit(lane, "lane-" + i + ".txt", "x\n", "change of lane-" + i);
            List<String> args = new ArrayList<>(List.of(lane.toString(), queues.toString(), Integer.toString(count),
                    "sh", "-c", CHECK, checkRuns.toString()));
            landers.put("lane-" + i, children.jvm(BatchLandWorker.class, args).env(BatchLandWorker.GO, go.toString())
                    .log(root.resolve("lane-" + i + ".log")).start());
        }
        await().atMost(Duration.ofSeconds(120))
                .until(() -> landers.values().stream().allMatch(l -> l.output().contains(BatchLandWorker.READY)));
        double loadBefore = loadAverage();
        Files.createFile(go);
        for (ChildProcess lander : landers.values()) {
            assertThat(lander.awaitExit(Duration.ofSeconds(600))).as(lander.output()).isZero();
        }
        double loadAfter = loadAverage();
        Map<String, Integer> batches = new LinkedHashMap<>();
        int solo = 0;
        for (LandRun run : new LandHistory(repo.main.resolve(".git")).read()) {
            if (run.batch == null) {
                batches.put("solo-" + solo++, 1);
            } else {
                batches.merge(run.batch.id, 1, Integer::sum);
            }
        }
        return new Round(Files.readAllLines(checkRuns).size(), List.copyOf(batches.values()), loadBefore, loadAfter);
    }

    /** The 1-minute load average, or -1 where the system does not tell. */
    private static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /** One round: the check builds run, each batch's size in landing order (1: landed alone), the load around it. */
    private record Round(int checkBuilds, List<Integer> batches, double loadBefore, double loadAfter) {
    }
}

package dev.queuelock.slots;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.process.Processes;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The recent builds kept with a queue, and what a build measures of itself. */
class UsageHistoryTest {

    @TempDir
    Path queue;

    @Test
    void keepsTheLastTwentyBuildsAndSkipsGarbage() throws Exception {
        UsageHistory history = new UsageHistory(queue);
        assertThat(history.read()).isEmpty();
        for (int i = 1; i <= 25; i++) {
            assertThat(history.record(new BuildUsage(i, i, i))).isTrue();
        }
        List<BuildUsage> kept = history.read();
        assertThat(kept).hasSize(20);
        assertThat(kept.get(0).wallMillis()).isEqualTo(6);
        Files.writeString(queue.resolve(UsageHistory.NAME), "1 2 3\nnot a build\n4 5\n7 8 9\n");
        assertThat(history.read()).extracting(BuildUsage::wallMillis).containsExactly(1L, 7L);
        try (var files = Files.list(queue)) {
            assertThat(files).as("no temp file left").hasSize(1);
        }
    }

    @Test
    void twoThreadsRecordingTogetherNeverLoseTheFile() throws Exception {
        UsageHistory history = new UsageHistory(queue);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 2; t++) {
            Thread thread = new Thread(() -> {
                for (int i = 0; i < 50; i++) {
                    history.record(new BuildUsage(1, 1, 1));
                }
            });
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(history.read()).isNotEmpty().allSatisfy(b -> assertThat(b.peakBytes()).isEqualTo(1));
    }

    @Test
    void aBuildMeasuresItsCpuAndPeakOnEitherPath() {
        long start = System.nanoTime();
        long spin = 0;
        while (System.nanoTime() - start < 200_000_000L) {
            spin++;
        }
        BuildUsage measured = BuildUsage.measureSince(start);
        assertThat(spin).isPositive();
        assertThat(measured.wallMillis()).isGreaterThanOrEqualTo(200);
        assertThat(measured.cpuMillis()).as("this JVM has run for a while").isPositive();
        assertThat(measured.peakBytes()).isPositive();
        BuildUsage portable = BuildUsage.portable(1000);
        assertThat(portable.cpuMillis()).isPositive();
        assertThat(MachineFacts.portable(2).totalBytes()).isPositive();
        MachineFacts here = MachineFacts.read();
        assertThat(here.cores()).isPositive();
        assertThat(here.availableBytes()).isPositive().isLessThanOrEqualTo(here.totalBytes());
        assertThat(Processes.current().name()).isIn("linux", "portable");
    }
}

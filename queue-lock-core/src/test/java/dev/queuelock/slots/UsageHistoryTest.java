package dev.queuelock.slots;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The history file: bounded, replaced whole, tolerant of garbage, safe in a shared /tmp. */
class UsageHistoryTest {

    @TempDir
    Path tmp;

    @Test
    void keepsTheLastHundredBuildsOldestFirstAutoWeighsTheLastTwentyAndNoTempFileIsLeft() throws IOException {
        Path dir = tmp.resolve("claude-code-merge-queue-build-queue-0123456789ab");
        UsageHistory history = new UsageHistory(dir.resolve(UsageHistory.NAME));
        assertThat(history.read()).isEmpty();
        for (int i = 1; i <= UsageHistory.KEEP + 5; i++) {
            assertThat(history.record(build(i).heldBy("lane-with-a-longish-name-" + i, 4_194_304 + i, 123_456))).isTrue();
        }
        List<BuildUsage> builds = history.read();
        assertThat(builds).hasSize(UsageHistory.KEEP);
        assertThat(builds.get(0).startEpochMillis()).isEqualTo(start(6));
        assertThat(builds.get(UsageHistory.KEEP - 1).startEpochMillis()).isEqualTo(start(UsageHistory.KEEP + 5));
        assertThat(history.recent()).hasSize(UsageHistory.RECENT).extracting(BuildUsage::startEpochMillis)
                .startsWith(start(UsageHistory.KEEP + 5 - UsageHistory.RECENT + 1)).endsWith(start(UsageHistory.KEEP + 5));
        assertThat(Files.getPosixFilePermissions(dir)).as("a queue directory it had to create")
                .isEqualTo(PosixFilePermissions.fromString("rwx------"));
        try (Stream<Path> files = Files.list(dir)) {
            assertThat(files.map(f -> f.getFileName().toString())).containsExactly(UsageHistory.NAME);
        }
    }

    @Test
    void aRecordParsesOnlyTheLastLinesAndCopiesOlderOnesAsTheyAre() throws IOException {
        List<String> lines = new ArrayList<>();
        lines.add("{\"not\":\"a build\"}"); // older than the last twenty: copied, not parsed
        for (int i = 1; i <= 30; i++) {
            lines.add(UsageHistory.line(build(i)));
        }
        lines.add(31 - UsageHistory.RECENT + 5, "{\"start\":1}"); // among the last twenty: parsed and dropped
        Path file = tmp.resolve(UsageHistory.NAME);
        Files.write(file, lines);

        assertThat(new UsageHistory(file).record(build(31))).isTrue();

        List<String> written = Files.readAllLines(file);
        assertThat(written).hasSize(32).startsWith("{\"not\":\"a build\"}").doesNotContain("{\"start\":1}")
                .endsWith(UsageHistory.line(build(31)));
        assertThat(new UsageHistory(file).read()).hasSize(31);
    }

    @Test
    void aCleanerOfTheQueueDirectoryKnowsItsFiles() {
        assertThat(UsageHistory.isOurs("usage")).isTrue();
        assertThat(UsageHistory.isOurs(".usage.4242.tmp")).isTrue();
        assertThat(UsageHistory.isOurs("lock")).isFalse();
        assertThat(UsageHistory.isOurs(".usage..tmp")).isFalse();
        assertThat(UsageHistory.isOurs(".usage.42x.tmp")).isFalse();
        assertThat(UsageHistory.isOurs("usage.4242.tmp")).isFalse();
    }

    @Test
    void aRecordReadsBackAsWritten() throws IOException {
        BuildUsage usage = new BuildUsage(1_780_000_000_000L, 61_234, 98_000, 1_234_567_890L, "linux");
        new UsageHistory(tmp.resolve(UsageHistory.NAME)).record(usage);
        BuildUsage read = new UsageHistory(tmp.resolve(UsageHistory.NAME)).read().get(0);
        assertThat(UsageHistory.line(read)).isEqualTo(UsageHistory.line(usage))
                .isEqualTo("{\"start\":1780000000000,\"wallMs\":61234,\"cpuMs\":98000,\"peakBytes\":1234567890,\"source\":\"linux\"}");
    }

    @Test
    void theLanePidAndWaitReadBackAndOlderLinesHaveNone() throws IOException {
        BuildUsage usage = new BuildUsage(1_780_000_000_000L, 62_000, 16_300, 1_234_567_890L, "linux", 7.125)
                .heldBy("fix \"quotes\"\tand tabs", 4242, 1500);
        new UsageHistory(tmp.resolve(UsageHistory.NAME)).record(usage);
        BuildUsage read = new UsageHistory(tmp.resolve(UsageHistory.NAME)).read().get(0);
        assertThat(UsageHistory.line(read)).isEqualTo(UsageHistory.line(usage))
                .endsWith(",\"load\":7.13,\"lane\":\"fix \\\"quotes\\\"\\tand tabs\",\"pid\":4242,\"waitMs\":1500}");
        assertThat(read.lane()).contains("fix \"quotes\"\tand tabs");
        assertThat(read.pid()).isEqualTo(4242);
        assertThat(read.waitedMillis()).isEqualTo(1500);

        BuildUsage older = UsageHistory.parse("{\"start\":1780000000000,\"wallMs\":61234,\"cpuMs\":98000,\"peakBytes\":1234567890,"
                + "\"source\":\"linux\"}");
        assertThat(older.lane()).isEmpty();
        assertThat(older.pid()).isZero();
        assertThat(older.waitedMillis()).isEqualTo(-1);
        BuildUsage odd = UsageHistory.parse("{\"start\":1780000000000,\"wallMs\":61234,\"cpuMs\":98000,\"peakBytes\":1234567890,"
                + "\"source\":\"linux\",\"lane\":7,\"pid\":-3,\"waitMs\":\"long\"}");
        assertThat(odd).as("odd optional fields cost the build nothing but them").isNotNull();
        assertThat(odd.lane()).isEmpty();
        assertThat(odd.pid()).isZero();
        assertThat(odd.waitedMillis()).isEqualTo(-1);
    }

    @Test
    void aMeasuredBuildNamesItsLaneProcessAndWait() {
        BuildUsage measured = BuildUsage.measureSince(BuildUsage.start("lane-a", 2500));
        assertThat(measured.lane()).contains("lane-a");
        assertThat(measured.pid()).isEqualTo(ProcessHandle.current().pid());
        assertThat(measured.waitedMillis()).isEqualTo(2500);
    }

    @Test
    void theLoadAsTheBuildEndedReadsBackAndOlderLinesHaveNone() throws IOException {
        BuildUsage usage = new BuildUsage(1_780_000_000_000L, 62_000, 16_300, 1_234_567_890L, "linux", 7.125);
        new UsageHistory(tmp.resolve(UsageHistory.NAME)).record(usage);
        BuildUsage read = new UsageHistory(tmp.resolve(UsageHistory.NAME)).read().get(0);
        assertThat(UsageHistory.line(read)).endsWith(",\"source\":\"linux\",\"load\":7.13}");
        assertThat(read.load()).isEqualTo(7.13);
        assertThat(UsageHistory.parse(UsageHistory.line(usage.withLoad(-1))).load()).isEqualTo(-1);
    }

    @Test
    void garbageIsSkippedAndLeftOutOfTheNextRewrite() throws IOException {
        String good = UsageHistory.line(build(1));
        Files.write(tmp.resolve(UsageHistory.NAME), String.join("\n", "not json", good, "{\"start\":1}",
                "{\"start\":5,\"wallMs\":-3,\"cpuMs\":1,\"peakBytes\":1,\"source\":\"linux\"}", "[1,2]",
                "{\"start\":1.5,\"wallMs\":1,\"cpuMs\":1,\"peakBytes\":1,\"source\":\"x\"}", "\0\0\u00ff",
                good.substring(0, 30)).getBytes(StandardCharsets.ISO_8859_1));
        assertThat(new UsageHistory(tmp.resolve(UsageHistory.NAME)).read()).hasSize(1);
        new UsageHistory(tmp.resolve(UsageHistory.NAME)).record(build(2));
        assertThat(Files.readAllLines(tmp.resolve(UsageHistory.NAME))).containsExactly(good, UsageHistory.line(build(2)));
    }

    @Test
    void aSourceThatCouldBreakTheLineIsNotWrittenBack() throws IOException {
        Files.write(tmp.resolve(UsageHistory.NAME), List.of(UsageHistory.line(build(1)).replace("described", "a\\\"b")));
        new UsageHistory(tmp.resolve(UsageHistory.NAME)).record(build(2));
        assertThat(new UsageHistory(tmp.resolve(UsageHistory.NAME)).read()).extracting(BuildUsage::source).containsExactly("unknown", "described");
    }

    @Test
    void aFileTooLargeToBeOursOrALinkReadsAsNoHistory() throws IOException {
        Path big = Files.createDirectory(tmp.resolve("big"));
        Files.write(big.resolve(UsageHistory.NAME), new byte[65 * 1024]);
        assertThat(new UsageHistory(big.resolve(UsageHistory.NAME)).read()).isEmpty();
        Path linked = Files.createDirectory(tmp.resolve("linked"));
        Path elsewhere = Files.write(tmp.resolve("elsewhere"), List.of(UsageHistory.line(build(1))));
        Files.createSymbolicLink(linked.resolve(UsageHistory.NAME), elsewhere);
        assertThat(new UsageHistory(linked.resolve(UsageHistory.NAME)).read()).isEmpty();
        assertThat(new UsageHistory(tmp.resolve("missing").resolve(UsageHistory.NAME)).read()).isEmpty();
    }

    @Test
    void aRecordReplacesAPlantedLinkInsteadOfWritingThroughIt() throws IOException {
        Path victim = Files.write(tmp.resolve("victim"), List.of("precious"));
        Path dir = Files.createDirectory(tmp.resolve("history"));
        Files.createSymbolicLink(dir.resolve(UsageHistory.NAME), victim);
        Files.createSymbolicLink(dir.resolve("." + UsageHistory.NAME + "." + ProcessHandle.current().pid() + ".tmp"), victim);
        assertThat(new UsageHistory(dir.resolve(UsageHistory.NAME)).record(build(1))).isTrue();
        assertThat(Files.readAllLines(victim)).containsExactly("precious");
        assertThat(new UsageHistory(dir.resolve(UsageHistory.NAME)).read()).hasSize(1);
    }

    @Test
    void aDirectoryThatIsALinkIsNotWrittenThrough() throws IOException {
        Path real = Files.createDirectory(tmp.resolve("real"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
        assertThat(new UsageHistory(link.resolve(UsageHistory.NAME)).record(build(1))).isFalse();
        try (Stream<Path> files = Files.list(real)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void aBuildWithAFigureMissingIsNotRecorded() {
        assertThat(new UsageHistory(tmp.resolve(UsageHistory.NAME)).record(new BuildUsage(start(1), 60_000, -1, 1 << 30, "linux"))).isFalse();
        assertThat(new UsageHistory(tmp.resolve(UsageHistory.NAME)).record(new BuildUsage(start(1), 60_000, 1_000, -1, "linux"))).isFalse();
        assertThat(Files.exists(tmp.resolve(UsageHistory.NAME))).isFalse();
    }

    @Test
    @Timeout(60)
    void twoThreadsRecordingAtOnceLoseNeitherTheFileNorABuild() throws Exception {
        UsageHistory history = new UsageHistory(tmp.resolve("queue").resolve(UsageHistory.NAME));
        AtomicBoolean writing = new AtomicBoolean(true);
        List<Integer> sizesSeen = new ArrayList<>();
        Thread reader = new Thread(() -> {
            while (writing.get()) {
                sizesSeen.add(history.read().size());
            }
        });
        reader.start();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CountDownLatch go = new CountDownLatch(1);
        List<Future<?>> writers = new ArrayList<>();
        for (int thread = 0; thread < 2; thread++) {
            int first = thread * 1000;
            writers.add(pool.submit(() -> {
                go.await();
                for (int i = 1; i <= UsageHistory.KEEP / 2; i++) {
                    assertThat(history.record(build(first + i))).isTrue();
                }
                return null;
            }));
        }
        go.countDown();
        for (Future<?> writer : writers) {
            writer.get();
        }
        pool.shutdown();
        writing.set(false);
        reader.join();
        List<Long> starts = history.read().stream().map(BuildUsage::startEpochMillis).collect(Collectors.toList());
        List<Long> written = new ArrayList<>();
        for (int i = 1; i <= UsageHistory.KEEP / 2; i++) {
            written.add(start(i));
            written.add(start(1000 + i));
        }
        assertThat(starts).containsExactlyInAnyOrderElementsOf(written);
        // A reader never saw a half-written file: once there, it always held a whole list.
        int firstWhole = 0;
        while (firstWhole < sizesSeen.size() && sizesSeen.get(firstWhole) == 0) {
            firstWhole++;
        }
        assertThat(sizesSeen.subList(firstWhole, sizesSeen.size())).doesNotContain(0);
    }

    private static long start(int i) {
        return 1_780_000_000_000L + i * 100_000L;
    }

    private static BuildUsage build(int i) {
        return BuildUsage.described(start(i), Duration.ofSeconds(60), 1.5, 1L << 30);
    }
}

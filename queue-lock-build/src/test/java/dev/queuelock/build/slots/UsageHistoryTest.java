package dev.queuelock.build.slots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.spi.Queue;
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
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The history file: appended to, bounded, never torn, tolerant of garbage, safe in a shared /tmp. */
class UsageHistoryTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

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
    void aRecordAppendsItsLineAndReadsNothing() throws IOException {
        Path file = tmp.resolve(UsageHistory.NAME);
        String before = "{\"not\":\"a build\"}\n" + UsageHistory.line(build(1)) + "\n"; // as older versions wrote it
        Files.write(file, before.getBytes(StandardCharsets.UTF_8));

        assertThat(new UsageHistory(file).record(build(2))).isTrue();
        assertThat(new UsageHistory(file).record(build(3))).isTrue();

        assertThat(Files.readString(file)).isEqualTo(before + "\n" + UsageHistory.line(build(2)) + "\n" + UsageHistory.line(build(3)));
        assertThat(new UsageHistory(file).read()).extracting(BuildUsage::startEpochMillis).containsExactly(start(1), start(2), start(3));
    }

    @Test
    void pastItsSizeTheFileIsCutToTheLastHundredWithTheNewestLast() throws IOException {
        Path file = tmp.resolve(UsageHistory.NAME);
        StringBuilder text = new StringBuilder("{\"not\":\"a build\"}\n");
        int i = 0;
        while (text.length() <= UsageHistory.COMPACT_BYTES - 300) {
            text.append(UsageHistory.line(UsageAppender.build(++i))).append('\n');
            if (i == 250) {
                text.append("not json\n");
            }
        }
        Files.write(file, text.toString().getBytes(StandardCharsets.UTF_8));
        int older = i;
        assertThat(new UsageHistory(file).read()).hasSize(UsageHistory.KEEP);

        assertThat(new UsageHistory(file).record(UsageAppender.build(older + 1))).isTrue();

        List<BuildUsage> kept = new UsageHistory(file).read();
        assertThat(kept).hasSize(UsageHistory.KEEP).extracting(BuildUsage::startEpochMillis)
                .startsWith(UsageAppender.build(older + 2 - UsageHistory.KEEP).startEpochMillis())
                .endsWith(UsageAppender.build(older).startEpochMillis(), UsageAppender.build(older + 1).startEpochMillis());
        assertThat(Files.size(file)).isLessThan(UsageHistory.COMPACT_BYTES / 2);
        assertThat(Files.readString(file)).doesNotContain("not");
        try (Stream<Path> files = Files.list(tmp)) {
            assertThat(files.map(f -> f.getFileName().toString())).as("no temp file left").containsExactly(UsageHistory.NAME);
        }
        assertThat(new UsageHistory(file).record(UsageAppender.build(older + 2))).isTrue();
        assertThat(Files.readAllLines(file).stream().filter(line -> !line.isEmpty())).as("appended after the cut").hasSize(UsageHistory.KEEP + 1);
        assertThat(new UsageHistory(file).read()).last()
                .extracting(BuildUsage::startEpochMillis).isEqualTo(UsageAppender.build(older + 2).startEpochMillis());
    }

    @Test
    void aTornLineIsSkippedAndSpoilsNoLineWrittenAfterIt() throws IOException {
        Path file = tmp.resolve(UsageHistory.NAME);
        String torn = UsageHistory.line(build(3));
        Files.write(file, (UsageHistory.line(build(1)) + "\n" + UsageHistory.line(build(2)) + "\n" + torn.substring(0, torn.length() - 9))
                .getBytes(StandardCharsets.UTF_8));
        assertThat(new UsageHistory(file).read()).extracting(BuildUsage::startEpochMillis).containsExactly(start(1), start(2));

        assertThat(new UsageHistory(file).record(build(4))).isTrue();
        assertThat(new UsageHistory(file).read()).extracting(BuildUsage::startEpochMillis).containsExactly(start(1), start(2), start(4));
    }

    @Test
    @Timeout(120)
    void processesAppendingAtOnceWriteWholeLinesAndLoseNone() throws Exception {
        int each = 50; // 4 x 50 lines of about 250 bytes: under the size that makes a record cut the file
        Path file = fourAppendAtOnce(each);
        List<String> lines = Files.readAllLines(file);
        assertThat(lines.get(0)).isEmpty(); // each line is written after its newline
        assertThat(lines.subList(1, lines.size())).hasSize(4 * each).allSatisfy(line -> assertThat(UsageLineReader.parse(line)).as(line).isNotNull());
        List<Long> written = new ArrayList<>();
        for (int child = 0; child < 4; child++) {
            for (int i = child * 1000; i < child * 1000 + each; i++) {
                written.add(UsageAppender.build(i).startEpochMillis());
            }
        }
        assertThat(new UsageHistory(file).read()).hasSize(UsageHistory.KEEP);
        assertThat(lines.subList(1, lines.size()).stream().map(UsageLineReader::parse).map(BuildUsage::startEpochMillis))
                .containsExactlyInAnyOrderElementsOf(written);
    }

    @Test
    @Timeout(120)
    void processesCuttingAtOnceLeaveWholeLinesAndTheLastHundred() throws Exception {
        int each = 300; // 4 x 300 lines of about 250 bytes: the file is cut several times while they append
        Path file = fourAppendAtOnce(each);
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).allSatisfy(line -> assertThat(line.isEmpty() || UsageLineReader.parse(line) != null).as(line).isTrue());
        assertThat(Files.size(file)).as("cut, give or take the lines of a cut the last appenders left to each other")
                .isLessThanOrEqualTo(UsageHistory.COMPACT_BYTES + 4 * 1024);
        assertThat(new UsageHistory(file).read()).hasSize(UsageHistory.KEEP).extracting(BuildUsage::startEpochMillis).doesNotHaveDuplicates();
        try (Stream<Path> files = Files.list(file.getParent())) {
            assertThat(files.map(f -> f.getFileName().toString())).as("no temp file left").containsExactly(UsageHistory.NAME);
        }
    }

    /** Four child JVMs, started and then let go together, each appending {@code each} records; the file they appended to. */
    private Path fourAppendAtOnce(int each) throws Exception {
        Path file = tmp.resolve("queue").resolve(UsageHistory.NAME);
        Files.createDirectory(tmp.resolve("queue"));
        Path go = tmp.resolve("go");
        List<ChildProcess> appenders = new ArrayList<>();
        for (int child = 0; child < 4; child++) {
            appenders.add(children.jvm(UsageAppender.class, file.toString(), String.valueOf(child * 1000), String.valueOf(each), go.toString())
                    .log(tmp.resolve("appender-" + child + ".log")).start());
        }
        goWhenReady(go, appenders.size());
        for (ChildProcess appender : appenders) {
            assertThat(appender.awaitExit(Duration.ofSeconds(100))).as(appender.output()).isZero();
        }
        return file;
    }

    @Test
    void aCleanerOfTheQueueDirectoryKnowsItsFiles() {
        assertThat(Queue.isUsageHistoryFile("usage")).isTrue();
        assertThat(Queue.isUsageHistoryFile(".usage.4242.tmp")).isTrue();
        assertThat(Queue.isUsageHistoryFile("lock")).isFalse();
        assertThat(Queue.isUsageHistoryFile(".usage..tmp")).isFalse();
        assertThat(Queue.isUsageHistoryFile(".usage.42x.tmp")).isFalse();
        assertThat(Queue.isUsageHistoryFile("usage.4242.tmp")).isFalse();
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

        BuildUsage older = UsageLineReader.parse("{\"start\":1780000000000,\"wallMs\":61234,\"cpuMs\":98000,\"peakBytes\":1234567890,"
                + "\"source\":\"linux\"}");
        assertThat(older.lane()).isEmpty();
        assertThat(older.pid()).isZero();
        assertThat(older.waitedMillis()).isEqualTo(-1);
        BuildUsage odd = UsageLineReader.parse("{\"start\":1780000000000,\"wallMs\":61234,\"cpuMs\":98000,\"peakBytes\":1234567890,"
                + "\"source\":\"linux\",\"lane\":7,\"pid\":-3,\"waitMs\":\"long\"}");
        assertThat(odd).as("odd optional fields cost the build nothing but them").isNotNull();
        assertThat(odd.lane()).isEmpty();
        assertThat(odd.pid()).isZero();
        assertThat(odd.waitedMillis()).isEqualTo(-1);
    }

    @Test
    void aMeasuredBuildNamesItsLaneProcessAndWait() {
        BuildUsage measured = BuildUsage.measureSince(BuildUsage.start("lane-a", 2500, null));
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
        assertThat(UsageLineReader.parse(UsageHistory.line(usage.withLoad(-1))).load()).isEqualTo(-1);
    }

    @Test
    void garbageIsSkipped() throws IOException {
        String good = UsageHistory.line(build(1));
        Files.write(tmp.resolve(UsageHistory.NAME), String.join("\n", "not json", good, "{\"start\":1}",
                "{\"start\":5,\"wallMs\":-3,\"cpuMs\":1,\"peakBytes\":1,\"source\":\"linux\"}", "[1,2]",
                "{\"start\":1.5,\"wallMs\":1,\"cpuMs\":1,\"peakBytes\":1,\"source\":\"x\"}", "\0\0\u00ff",
                good.substring(0, 30)).getBytes(StandardCharsets.ISO_8859_1));
        assertThat(new UsageHistory(tmp.resolve(UsageHistory.NAME)).read()).hasSize(1);
        new UsageHistory(tmp.resolve(UsageHistory.NAME)).record(build(2));
        assertThat(new UsageHistory(tmp.resolve(UsageHistory.NAME)).read()).extracting(UsageHistory::line)
                .containsExactly(good, UsageHistory.line(build(2)));
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
    void aBuildWithAFigureMissingIsDrawnButNotWeighedAndOneWithoutItsTimesIsNotRecorded() {
        UsageHistory history = new UsageHistory(tmp.resolve(UsageHistory.NAME));
        assertThat(history.record(build(1))).isTrue();
        assertThat(history.record(new BuildUsage(start(2), 60_000, -1, 1 << 30, "portable"))).isTrue();
        assertThat(history.record(new BuildUsage(start(3), 60_000, 1_000, -1, "portable").heldBy("lane-a", 4242, 10))).isTrue();
        assertThat(history.read()).extracting(BuildUsage::startEpochMillis).containsExactly(start(1), start(2), start(3));
        assertThat(history.recent()).extracting(BuildUsage::startEpochMillis).containsExactly(start(1));
        assertThat(history.record(new BuildUsage(-1, 60_000, 1_000, 1 << 30, "linux"))).isFalse();
        assertThat(history.record(new BuildUsage(start(4), 0, 1_000, 1 << 30, "linux"))).isFalse();
        assertThat(history.read()).hasSize(3);
    }

    @Test
    void aTimesAloneLineOfAnOlderVersionIsDrawnButNotWeighed() throws Exception {
        Path file = tmp.resolve(UsageHistory.NAME);
        Files.writeString(file, "\n{\"start\":" + start(1) + ",\"wallMs\":60000,\"cpuMs\":-1,\"peakBytes\":-1,\"source\":\"times\","
                + "\"lane\":\"lane-a\",\"pid\":4242,\"waitMs\":2500}");
        UsageHistory history = new UsageHistory(file);
        assertThat(history.read()).hasSize(1);
        assertThat(history.read().get(0).kind()).isEmpty();
        assertThat(history.recent()).isEmpty();
    }

    /** The kind of work goes with the line and back, so a waiter judges a hold against holds of the same kind. */
    @Test
    void aBuildsKindOfWorkIsKeptInItsLine() throws InterruptedException {
        BuildUsage.Start start = BuildUsage.start("lane-a", 2500, "clean verify");
        Thread.sleep(20); // a hold of no time is no build
        BuildUsage measured = BuildUsage.measureSince(start);
        assertThat(measured.lane()).contains("lane-a");
        assertThat(measured.waitedMillis()).isEqualTo(2500);
        assertThat(UsageHistory.line(measured)).contains("\"kind\":\"clean verify\"");
        UsageHistory history = new UsageHistory(tmp.resolve(UsageHistory.NAME));
        assertThat(history.record(measured)).isTrue();
        assertThat(history.read()).extracting(b -> b.kind().orElse(null)).containsExactly("clean verify");
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

    /** Lets the appenders go once each has started and waits for the go file. */
    private static void goWhenReady(Path go, int appenders) throws IOException {
        await().atMost(Duration.ofSeconds(100)).until(() -> {
            try (Stream<Path> files = Files.list(go.getParent())) {
                return files.filter(f -> f.getFileName().toString().startsWith("go.ready.")).count() == appenders;
            }
        });
        Files.createFile(go);
    }

    private static long start(int i) {
        return 1_780_000_000_000L + i * 100_000L;
    }

    private static BuildUsage build(int i) {
        return BuildUsage.described(start(i), Duration.ofSeconds(60), 1.5, 1L << 30);
    }
}

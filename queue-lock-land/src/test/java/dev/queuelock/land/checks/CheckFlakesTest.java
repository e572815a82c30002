package dev.queuelock.land.checks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.land.git.RepoContext;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Flaky tests as surefire 3.5.4 and failsafe print them with rerunFailingTestsCount, and where they are kept. */
class CheckFlakesTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    void aTestThatFailedThenPassedIsNamedOnce() {
        List<String> log = List.of(
                "[INFO] Results:",
                "[INFO] ",
                "[WARNING] Flakes: ",
                "[WARNING] f.FlakyTest.secondTimeLucky",
                "[ERROR]   Run 1: FlakyTest.secondTimeLucky:11 first run fails",
                "[INFO]   Run 2: PASS",
                "[INFO] ",
                "[WARNING] shop.ApiIT.answers",
                "[INFO] ",
                "[WARNING] Tests run: 1, Failures: 0, Errors: 0, Skipped: 0, Flakes: 1",
                "[WARNING] Flakes: ",
                "[WARNING] shop.ApiIT.answers",
                "[ERROR]   Run 1: ApiIT.answers:3 timeout",
                "[INFO]   Run 2: PASS",
                "[INFO] BUILD SUCCESS");
        assertThat(CheckFlakes.in(log)).containsExactly("f.FlakyTest.secondTimeLucky", "shop.ApiIT.answers");
        assertThat(CheckFlakes.in(List.of("[WARNING] Tests run: 3, Failures: 0", "[WARNING] something else"))).isEmpty();
    }

    @Test
    void flakyRunsAreKeptAndTheFlakiestCountedFirst() throws Exception {
        Path common = Files.createDirectories(tmp.resolve("common"));
        FlakyTests flaky = new FlakyTests(common);
        flaky.record(List.of(new FlakyTest("a.T.x", "lane-1", "t1", "l1"), new FlakyTest("b.T.y", "lane-2", "t2", "l2")));
        flaky.record(List.of(new FlakyTest("b.T.y", "batch", "t3", "l3")));
        assertThat(flaky.flakiest(5)).containsExactly(java.util.Map.entry("b.T.y", 2L), java.util.Map.entry("a.T.x", 1L));
        Files.writeString(RepoContext.stateDir(common).resolve("flaky-tests.json"), "{garbage");
        assertThat(flaky.read()).as("a corrupt file never blocks a landing").isEmpty();
    }

    @Test
    @Timeout(120)
    void runsRecordedAtTheSameMomentByTwoProcessesAreBothKept() throws Exception {
        Path common = Files.createDirectories(tmp.resolve("common"));
        FlakyTests flaky = new FlakyTests(common);
        flaky.record(List.of(new FlakyTest("earlier.T.z", "lane-0", "t0", "l0")));
        Path lockFile = RepoContext.stateDir(common).resolve("flaky-tests.json.lock");
        ChildProcess first;
        ChildProcess second;
        // The test holds the write lock: both writers have started and wait for it at once, so
        // both read the file when the other may be about to write it.
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock held = channel.lock()) {
            first = children.jvm(FlakyRecordWorker.class, common.toString(), "a.T.x", "lane-1").log(tmp.resolve("first.log")).start();
            second = children.jvm(FlakyRecordWorker.class, common.toString(), "b.T.y", "lane-2").log(tmp.resolve("second.log")).start();
            await().atMost(Duration.ofSeconds(60)).until(() -> first.stdout().contains(FlakyRecordWorker.READY)
                    && second.stdout().contains(FlakyRecordWorker.READY));
            assertThat(first.exitsWithin(Duration.ofSeconds(1)) || second.exitsWithin(Duration.ofSeconds(1)))
                    .as("a writer waits for the write lock").isFalse();
            assertThat(flaky.read()).extracting(run -> run.test).containsExactly("earlier.T.z");
        }
        assertThat(first.awaitExit(Duration.ofSeconds(30))).as(first.output()).isZero();
        assertThat(second.awaitExit(Duration.ofSeconds(30))).as(second.output()).isZero();
        assertThat(flaky.read()).extracting(run -> run.test).as("no writer's runs lost")
                .containsExactlyInAnyOrder("earlier.T.z", "a.T.x", "b.T.y");
    }

    @Test
    void runsRecordedByTwoThreadsAtOnceAreBothKept() throws Exception {
        FlakyTests flaky = new FlakyTests(Files.createDirectories(tmp.resolve("common")));
        CyclicBarrier together = new CyclicBarrier(8);
        List<Thread> writers = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            FlakyTest run = new FlakyTest("t.T.m" + i, "lane-" + i, "t", "l");
            writers.add(new Thread(() -> {
                try {
                    together.await();
                    flaky.record(List.of(run));
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        writers.forEach(Thread::start);
        for (Thread writer : writers) {
            writer.join(60_000);
        }
        assertThat(flaky.read()).hasSize(8);
    }
}

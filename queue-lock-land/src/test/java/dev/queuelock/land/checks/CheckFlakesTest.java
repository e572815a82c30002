package dev.queuelock.land.checks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.land.git.RepoContext;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Flaky tests as surefire 3.5.4 and failsafe print them with rerunFailingTestsCount, and where they are kept. */
class CheckFlakesTest {

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
}

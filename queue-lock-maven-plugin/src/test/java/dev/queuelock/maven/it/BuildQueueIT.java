package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Several real Maven processes with the extension, on real git repositories and worktrees. */
class BuildQueueIT {

    private static final Duration START = Timing.forMavenToStart();

    @TempDir
    Path work;

    /** A release file no test creates: the build holds until it is killed. */
    private static final String NEVER = "/nonexistent/queuelock-it-release";

    private final List<MavenRun> runs = new ArrayList<>();

    @AfterEach
    void stopMavens() {
        runs.forEach(MavenRun::close);
    }

    /**
     * Worktrees of one repository take turns in arrival order; a waiter ended by SIGTERM leaves the
     * queue at once (its ticket gone, the others keeping their places); a holder killed with SIGKILL
     * (no hook runs, its lock file stays behind) hands the lock to the next. One scene: each needs a
     * holder and waiters in one queue.
     */
    @Test
    @Timeout(240)
    void worktreesTakeTurnsInArrivalOrderASigtermedWaiterLeavesAndASigkilledHolderHandsOver() throws Exception {
        List<Path> tops = TestRepos.repoWithWorktrees(work.resolve("a"), "b", "c", "d");
        Path marks = work.resolve("marks.txt");

        MavenRun a = mvn(tops.get(0), "a", "validate", "-Dname=a", "-Drelease=" + NEVER, "-Dmarks=" + marks)
                .awaitLog("Build lock acquired (the main checkout, repo queue).", START);
        MavenRun b = mvn(tops.get(1), "b", "validate", "-Dname=b", "-Dhold=1", "-Dmarks=" + marks)
                .awaitLog("Build queue: next up; lane a (validate)", START);
        MavenRun c = mvn(tops.get(2), "c", "validate", "-Dname=c", "-Dhold=1", "-Dmarks=" + marks)
                .awaitLog("Build queue: 1 build ahead; lane a (validate)", START);
        MavenRun d = mvn(tops.get(3), "d", "validate", "-Dname=d", "-Dmarks=" + marks)
                .awaitLog("Build queue: 2 builds ahead; lane a (validate)", START);
        Path tickets = queueDir().resolve("tickets");
        List<String> waiting = names(tickets);
        assertThat(waiting).hasSize(3).anyMatch(t -> t.endsWith("-" + d.process().pid()));

        d.process().destroy(); // SIGTERM
        d.awaitExit(Duration.ofSeconds(30));
        Awaitility.await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(names(tickets))
                .as("the SIGTERMed waiter's ticket alone gone").hasSize(2).doesNotContain(waiter(waiting, d)));
        assertThat(queueDir().resolve("lock")).as("the holder keeps the lock").exists();

        a.process().destroyForcibly(); // SIGKILL: no hook runs, the lock file stays behind
        for (MavenRun run : List.of(b, c)) {
            assertThat(run.awaitExit(Duration.ofSeconds(120))).as(run.log()).isZero();
        }
        // Marks are written inside each hold: any overlap or reordering would interleave them.
        assertThat(Files.readAllLines(marks, StandardCharsets.UTF_8))
                .containsExactly("start a", "start b", "end b", "start c", "end c");
        assertThat(b.log()).contains("Build lock acquired after waiting");
        assertThat(c.log()).contains("Build queue: next up; lane b (validate)").contains("Build lock acquired after waiting");
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    /** The ticket of {@code run} among {@code tickets} ({@code <ts>-<pid>}). */
    private static String waiter(List<String> tickets, MavenRun run) {
        return tickets.stream().filter(t -> t.endsWith("-" + run.process().pid())).findFirst().orElseThrow();
    }

    @Test
    @Timeout(240)
    void twoReposContendUnderMachineScopeOnly() throws Exception {
        Path one = TestRepos.repoWithWorktrees(work.resolve("one")).get(0);
        Path two = TestRepos.repoWithWorktrees(work.resolve("two")).get(0);
        MavenRun holder = mvn(one, "holder", "validate", "-Drelease=" + NEVER, "-Dqueuelock.build.scope=machine")
                .awaitLog("Build lock acquired (the main checkout of one, machine queue).", START);

        MavenRun repoScoped = mvn(two, "repo-scoped", "validate");
        assertThat(repoScoped.awaitExit(Duration.ofSeconds(90))).as(repoScoped.log()).isZero();
        assertThat(repoScoped.log()).contains("Build lock acquired (the main checkout, repo queue).").doesNotContain("Build queue: ");

        MavenRun machineScoped = mvn(two, "machine-scoped", "validate", "-Dqueuelock.build.scope=machine")
                .awaitLog("Build queue: next up; lane one (validate)", START);
        holder.process().destroy();
        assertThat(machineScoped.awaitExit(Duration.ofSeconds(90))).as(machineScoped.log()).isZero();
        assertThat(machineScoped.log()).contains("Build lock acquired after waiting");
    }

    @Test
    @Timeout(240)
    void aPlainStatusExplainsTwoHoldersStartedWithTwoSlots() throws Exception {
        List<Path> tops = TestRepos.repoWithWorktrees(work.resolve("repo"), "a");
        MavenRun first = mvn(tops.get(0), "first", "validate", "-Drelease=" + NEVER, "-Dqueuelock.build.slots=2")
                .awaitLog("Build lock acquired (the main checkout", START);
        MavenRun second = mvn(tops.get(1), "second", "validate", "-Drelease=" + NEVER, "-Dqueuelock.build.slots=2")
                .awaitLog("Build lock acquired (lane a", START);

        MavenRun status = mvn(tops.get(0), "status", "queuelock:status"); // not given the builds' setting
        assertThat(status.awaitExit(Timing.forMaven())).as(status.log()).isZero();

        assertThat(status.log()).contains("  slots: 2 of 2 busy; 2 (fixed, as lane a's holder was told)");
        assertThat(status.log().split("  holder: lane ", -1)).as(status.log()).hasSize(3); // both holders listed
        assertThat(first.process().isAlive() && second.process().isAlive()).isTrue();
    }

    private MavenRun mvn(Path dir, String name, String... args) throws Exception {
        Files.createDirectories(tmp());
        MavenRun run = MavenRun.start(dir, tmp(), work.resolve(name + ".log"), args);
        runs.add(run);
        return run;
    }

    private Path tmp() {
        return work.resolve("tmp");
    }

    /** The only repo-scoped build queue under this test's TMPDIR. */
    private Path queueDir() throws Exception {
        try (Stream<Path> dirs = Files.list(tmp())) {
            return dirs.filter(d -> d.getFileName().toString().startsWith("claude-code-merge-queue-build-queue-"))
                    .findFirst().orElseThrow();
        }
    }
}

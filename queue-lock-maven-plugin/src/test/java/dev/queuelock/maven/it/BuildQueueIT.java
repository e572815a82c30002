package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.Timing;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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

    @Test
    @Timeout(240)
    void worktreesOfOneRepoTakeTurnsInArrivalOrder() throws Exception {
        List<Path> tops = TestRepos.repoWithWorktrees(work.resolve("a"), "b", "c");
        Path marks = work.resolve("marks.txt");

        Path releaseA = work.resolve("release-a");
        MavenRun a = mvn(tops.get(0), "a", "validate", "-Dname=a", "-Drelease=" + releaseA, "-Dmarks=" + marks)
                .awaitLog("Build lock acquired (the main checkout, repo queue).", START);
        MavenRun b = mvn(tops.get(1), "b", "validate", "-Dname=b", "-Dhold=1", "-Dmarks=" + marks)
                .awaitLog("Build queue: next up; lane a (validate)", START);
        MavenRun c = mvn(tops.get(2), "c", "validate", "-Dname=c", "-Dhold=1", "-Dmarks=" + marks)
                .awaitLog("Build queue: 1 build ahead; lane a (validate)", START);
        Files.createFile(releaseA);

        for (MavenRun run : List.of(a, b, c)) {
            assertThat(run.awaitExit(Duration.ofSeconds(120))).as(run.log()).isZero();
        }
        // Marks are written inside each hold: any overlap or reordering would interleave them.
        assertThat(Files.readAllLines(marks, StandardCharsets.UTF_8))
                .containsExactly("start a", "end a", "start b", "end b", "start c", "end c");
        assertThat(b.log()).contains("Build lock acquired after waiting");
        assertThat(c.log()).contains("Build queue: next up; lane b (validate)").contains("Build lock acquired after waiting");
    }

    @Test
    @Timeout(240)
    void killingTheHolderWithSigkillLetsTheNextBuildProceed() throws Exception {
        List<Path> tops = TestRepos.repoWithWorktrees(work.resolve("a"), "b");
        MavenRun holder = mvn(tops.get(0), "holder", "validate", "-Drelease=" + NEVER)
                .awaitLog("Build lock acquired (the main checkout", START);
        MavenRun next = mvn(tops.get(1), "next", "validate")
                .awaitLog("Build queue: next up; lane a", START);

        holder.process().destroyForcibly(); // SIGKILL: no hook runs, the lock file stays behind

        assertThat(next.awaitExit(Duration.ofSeconds(90))).as(next.log()).isZero();
        assertThat(next.log()).contains("Build lock acquired after waiting");
    }

    @Test
    @Timeout(240)
    void sigtermToAWaitingBuildEndsItPromptlyAndRemovesItsTicket() throws Exception {
        List<Path> tops = TestRepos.repoWithWorktrees(work.resolve("a"), "b");
        mvn(tops.get(0), "holder", "validate", "-Drelease=" + NEVER).awaitLog("Build lock acquired (the main checkout", START);
        MavenRun waiter = mvn(tops.get(1), "waiter", "validate").awaitLog("Build queue: next up; lane a", START);
        Path tickets = queueDir().resolve("tickets");
        assertThat(tickets).isNotEmptyDirectory();

        waiter.process().destroy(); // SIGTERM

        waiter.awaitExit(Duration.ofSeconds(30));
        Awaitility.await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(tickets).isEmptyDirectory());
        assertThat(queueDir().resolve("lock")).as("the holder keeps the lock").exists();
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

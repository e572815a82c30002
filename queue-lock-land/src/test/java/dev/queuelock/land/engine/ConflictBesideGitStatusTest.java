package dev.queuelock.land.engine;

import static dev.queuelock.testsupport.GitFixture.commit;
import static dev.queuelock.testsupport.GitFixture.git;
import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.base.RecordedLog;
import dev.queuelock.land.checks.Checks;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.history.LandHistory;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.GitFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A land whose rebase conflicts while another process runs a plain
 * {@code git status} in the same lane (as a sibling's prune or an editor would, without
 * {@code GIT_OPTIONAL_LOCKS=0}, so it takes the lane's {@code index.lock} again and again). The
 * lane must never be left mid-rebase, and what land says about it must be what git says.
 */
@Timeout(600) // beside a crowded machine's status loop an abort may wait its minute
class ConflictBesideGitStatusTest {

    private static final int RUNS = 20;

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    GitFixture repo;
    QueueLockFactory locks;
    Path lane;

    @BeforeEach
    void setUp() throws IOException {
        repo = new GitFixture(Files.createDirectory(tmp.resolve("repo")));
        locks = QueueLockFactory.defaults().withTmpDir(Files.createDirectory(tmp.resolve("queues")))
                .withPollInterval(Duration.ofMillis(50));
        for (int i = 0; i < 200; i++) { // an index big enough that a status and an abort take a while
            Files.writeString(repo.main.resolve("f" + i + ".txt"), "file " + i + "\n");
        }
        git(repo.main, "add", "--all");
        git(repo.main, "commit", "--quiet", "-m", "many files");
        git(repo.main, "push", "--quiet", "origin", "main");
        lane = repo.lane("loser");
        commit(lane, "README.md", "the lane's line\n", "lane edit");
        commit(repo.main, "README.md", "the winner's line\n", "winner's edit");
        git(repo.main, "push", "--quiet", "origin", "main");
    }

    @Test
    void aConflictBesideAGitStatusLoopIsAlwaysAbortedAndReportedAsGitSeesTheLane() throws Exception {
        String before = git(lane, "rev-parse", "HEAD");
        Path statusLog = tmp.resolve("status-loop.log");
        ChildProcess statusLoop = children.command("git status loop", List.of("env", "-u", "GIT_OPTIONAL_LOCKS", "sh", "-c",
                "while :; do git status --porcelain >/dev/null 2>&1; echo .; done")).in(lane).log(statusLog).start();
        long started = System.nanoTime();
        long slowest = 0;
        int conflicts = 0;
        for (int run = 1; run <= RUNS; run++) {
            Lander lander = new Lander(new Git(lane), CheckAndPushSettings.defaults(), Checks.NONE,
                    locks.open("land", lane), locks.open("build", lane), new RecordedLog());
            long landStarted = System.nanoTime();
            LandResult refused = lander.land(); // a refusal is the landing's result, told by the goal
            slowest = Math.max(slowest, System.nanoTime() - landStarted);

            assertThat(refused.succeeded()).as("run %d: %s", run, refused.message()).isFalse();
            assertThat(git(lane, "rev-parse", "--path-format=absolute", "--git-path", "rebase-merge"))
                    .as("run %d: no rebase left in progress", run).satisfies(dir -> assertThat(Path.of(dir)).doesNotExist());
            assertThat(git(lane, "symbolic-ref", "--short", "HEAD")).as("run %d: on its branch", run).isEqualTo("loser");
            assertThat(git(lane, "rev-parse", "HEAD")).as("run %d: the lane's own commit", run).isEqualTo(before);
            assertThat(git(lane, "status", "--porcelain", "--untracked-files=no")).as("run %d: clean", run).isEmpty();
            // Which process wins the lock is the scheduler's: on a crowded machine the loop can keep
            // it for all of the patience. Either way the lane is as it was, and land says so.
            String unchanged = "; the lane is unchanged at " + Landing.shortSha(before);
            assertThat(refused.message()).as("run %d", run).doesNotContain("left with").satisfiesAnyOf(
                    message -> assertThat(message).contains("conflicted and was aborted (conflicts in README.md)" + unchanged),
                    message -> assertThat(message).contains("failed (another git process kept the worktree's lock ")
                            .contains(unchanged + ". Run land again."));
            if (refused.message().contains("conflicted")) {
                conflicts++;
            }
        }
        long seconds = Duration.ofNanos(System.nanoTime() - started).toSeconds();
        statusLoop.kill9();
        long statuses = Files.readAllLines(statusLog, StandardCharsets.UTF_8).size();
        System.out.println(RUNS + " lands beside " + statuses + " plain git status runs, " + conflicts + " of them told of the conflict: "
                + seconds + " s, the slowest " + Duration.ofNanos(slowest).toMillis() + " ms");
        assertThat(statuses).as("the status loop ran during the lands").isGreaterThan(RUNS);
        assertThat(new LandHistory(repo.main.resolve(".git")).read()).hasSize(RUNS)
                .filteredOn(r -> r.outcome() == Outcome.REBASE_CONFLICT).hasSize(conflicts);
    }

    @Test
    void aLockNobodyReleasesIsWaitedForBrieflyThenReportedWithTheLaneAsItIs() throws Exception {
        String before = git(lane, "rev-parse", "HEAD");
        git(lane, "fetch", "--quiet", "origin", "+refs/heads/main:refs/remotes/origin/main");
        Path indexLock = Path.of(git(lane, "rev-parse", "--path-format=absolute", "--git-path", "index.lock"));
        Files.createFile(indexLock); // a git process that crashed holding it, as git's own message suggests

        Rebase.Result rebase = new Rebase(new Git(lane), Duration.ofMillis(300)).run("refs/remotes/origin/main");

        assertThat(rebase.kind).isEqualTo(Rebase.Kind.STUCK);
        assertThat(rebase.reason).contains("index.lock").contains("300 ms");
        assertThat(rebase.after.isUnchanged(before, "loser")).isTrue();
        Files.delete(indexLock);
    }

    @Test
    void aLaneLeftMidRebaseIsDescribedAsGitSeesItWithTheOneCommandThatFixesIt() {
        String before = git(lane, "rev-parse", "HEAD");
        git(lane, "fetch", "--quiet", "origin", "+refs/heads/main:refs/remotes/origin/main");
        Process rebase = run(lane, "git", "rebase", "refs/remotes/origin/main"); // conflicts, as the crash left it
        assertThat(rebase.exitValue()).isNotZero();

        Checkout stuck = Checkout.of(new Git(lane));

        assertThat(stuck.isUnchanged(before, "loser")).isFalse();
        assertThat(stuck.describe()).startsWith("a rebase in progress, HEAD detached at ").contains("conflicts in README.md");
        assertThat(stuck.fix(before, "loser")).isEqualTo("git -C " + lane + " rebase --abort");
        assertThat(run(lane, "git", "-C", lane.toString(), "rebase", "--abort").exitValue()).isZero();
        assertThat(Checkout.of(new Git(lane)).isUnchanged(before, "loser")).isTrue();
    }

    private static Process run(Path dir, String... command) {
        try {
            Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            p.waitFor();
            return p;
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}

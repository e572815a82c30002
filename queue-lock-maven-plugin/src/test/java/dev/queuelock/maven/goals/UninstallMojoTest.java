package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.file.QueueDirectory;
import dev.queuelock.land.setup.AgentInstructions;
import dev.queuelock.land.setup.SetupRecord;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.spi.Queue;
import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.junit.jupiter.api.Test;

class UninstallMojoTest extends HarnessTest {


    @Test
    @InjectMojo(goal = "uninstall")
    void portBaseThatIsNoNumberIsRefused(UninstallMojo mojo) throws Exception {
        given("queuelock.lanes.portBase", "abc");
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "uninstall")
    void autoLandMustBeTrueOrFalse(UninstallMojo mojo) throws Exception {
        given("queuelock.lanes.autoLand", "maybe");
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "uninstall")
    void orphanGraceMustBeADuration(UninstallMojo mojo) throws Exception {
        given("queuelock.lanes.orphanGrace", "soon");
        assertRefused(mojo, BAD_ORPHAN_GRACE);
    }

    @Test
    @InjectMojo(goal = "uninstall")
    void outsideGitItSaysSoAndTouchesNothing(UninstallMojo mojo) throws Exception {
        assertRefused(mojo, top + " is not in a git repository; run this inside one.");
    }

    @Test
    @InjectMojo(goal = "uninstall")
    void withoutInitItWarnsAndLeavesTheRepositoryAsItWas(UninstallMojo mojo) throws Exception {
        GitFixture repo = repository();
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);
        mojo.execute();
        assertThat(log.lines).anyMatch(l -> l.startsWith("no record of init in "));
        assertThat(GitFixture.git(repo.main, "status", "--porcelain", "--ignored")).isEmpty();
    }

    /** A user who leaves is told what is left behind and how to remove it, not left to find it. */
    @Test
    @InjectMojo(goal = "uninstall")
    void itRemovesItsStateAndIdleQueuesAndNamesTheLanesLeftWithTheCommandThatRemovesThem(UninstallMojo mojo) throws Exception {
        GitFixture repo = repository();
        Path lane1 = lane(repo, 1);
        GitFixture.commit(lane1, ".mvn/extensions.xml", "<extensions><extension><groupId>dev.queuelock</groupId>"
                + "<artifactId>" + InitMojo.EXTENSION_ARTIFACT_ID + "</artifactId><version>1</version></extension></extensions>\n",
                "the lane's branch has the extension");
        Path lane2 = lane(repo, 2);
        Path state = Files.createDirectories(repo.main.resolve(".git/queuelock/logs"));
        Files.writeString(state.resolve("land-history.json"), "[]\n");
        Path buildQueue = usedOnce("build", repo.main);
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);

        mojo.execute();

        assertThat(log.lines).contains("2 lane(s) still exist: lane main-lane-1 (lane/1), lane main-lane-2 (lane/2); the"
                + " extension is still in the checkout of lane main-lane-1 (lane/1), so builds there still queue.",
                "removed the idle queue directory " + buildQueue);
        assertThat(state.getParent()).as("the landing history and logs").doesNotExist();
        assertThat(buildQueue).doesNotExist();
        String command = log.lines.stream().filter(l -> l.startsWith("remove them with: ")).findFirst().orElseThrow()
                .substring("remove them with: ".length()).replaceFirst(" \\(git refuses.*", "");
        Process removal = new ProcessBuilder("sh", "-c", command).directory(top.toFile()).inheritIO().start();
        assertThat(removal.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(removal.exitValue()).as(command).isZero();
        assertThat(lane1).doesNotExist();
        assertThat(lane2).doesNotExist();
        assertThat(GitFixture.git(repo.main, "branch", "--list", "lane/*")).as("branches and commits stay").contains("lane/1", "lane/2");
    }

    /** A count a person can check: two landings wrote two check logs (each with its companions), and init's committed files are gone. */
    @Test
    @InjectMojo(goal = "uninstall")
    void itCountsCheckLogsNotFilesAndSaysHowToCommitTheRemoval(UninstallMojo mojo) throws Exception {
        GitFixture repo = repository();
        SetupRecord record = SetupRecord.load(repo.main.resolve(".git"));
        record.watch(repo.main.resolve(".mvn/extensions.xml"), repo.main.resolve("CLAUDE.md"));
        Files.createDirectories(repo.main.resolve(".mvn"));
        Files.writeString(repo.main.resolve(".mvn/extensions.xml"), "<extensions><extension><groupId>dev.queuelock</groupId>"
                + "<artifactId>" + InitMojo.EXTENSION_ARTIFACT_ID + "</artifactId><version>1</version></extension></extensions>\n");
        Files.writeString(repo.main.resolve("CLAUDE.md"), AgentInstructions.BEGIN + "\nland with mvn queuelock:land\n"
                + AgentInstructions.END + "\n");
        record.settle();
        GitFixture.git(repo.main, "add", ".mvn/extensions.xml", "CLAUDE.md");
        GitFixture.git(repo.main, "commit", "-q", "-m", "Build queue and landing with queue-lock");
        Path logs = Files.createDirectories(repo.main.resolve(".git/queuelock/logs"));
        for (String log : List.of("main-lane-1-20261206-120000-000.log", "main-lane-2-20261206-120100-000.log")) {
            for (String file : List.of(log, log + ".changed", log + ".plan")) {
                Files.writeString(logs.resolve(file), "x\n");
            }
        }
        Files.writeString(logs.resolveSibling("land-history.json"), "[]\n");
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);

        mojo.execute();

        assertThat(log.lines).contains("removed queue-lock's state in " + logs.getParent() + ": the landing history and 2 check log(s)");
        assertThat(GitFixture.git(repo.main, "status", "--porcelain").lines().map(String::strip)).as("init's files removed")
                .containsExactly("D .mvn/extensions.xml", "D CLAUDE.md");
        String next = log.lines.stream().filter(l -> l.startsWith("next: ")).findFirst().orElseThrow();
        assertThat(next).isEqualTo("next: commit the removal (git status lists it) and push it as any change:"
                + " git add -- .mvn/extensions.xml CLAUDE.md && git commit -m 'Remove queue-lock'");
        Process commit = new ProcessBuilder("sh", "-c", next.substring(next.indexOf(": git ") + 2)).directory(repo.main.toFile())
                .inheritIO().start();
        assertThat(commit.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(commit.exitValue()).isZero();
        assertThat(GitFixture.git(repo.main, "status", "--porcelain")).as("nothing left to commit").isEmpty();
        assertThat(GitFixture.git(repo.main, "log", "-1", "--format=%s")).isEqualTo("Remove queue-lock");
    }

    /** The suggested commit takes only files that were clean before uninstall: it would commit the user's own edits too. */
    @Test
    @InjectMojo(goal = "uninstall")
    void theCommitItSuggestsLeavesOutAFileWithUncommittedEditsOfTheUsers(UninstallMojo mojo) throws Exception {
        GitFixture repo = repository();
        SetupRecord record = SetupRecord.load(repo.main.resolve(".git"));
        record.watch(repo.main.resolve(".mvn/extensions.xml"), repo.main.resolve("CLAUDE.md"));
        Files.createDirectories(repo.main.resolve(".mvn"));
        Files.writeString(repo.main.resolve(".mvn/extensions.xml"), "<extensions><extension><groupId>dev.queuelock</groupId>"
                + "<artifactId>" + InitMojo.EXTENSION_ARTIFACT_ID + "</artifactId><version>1</version></extension></extensions>\n");
        String block = AgentInstructions.BEGIN + "\nland with mvn queuelock:land\n" + AgentInstructions.END + "\n";
        Files.writeString(repo.main.resolve("CLAUDE.md"), block);
        record.settle();
        GitFixture.git(repo.main, "add", ".mvn/extensions.xml", "CLAUDE.md");
        GitFixture.git(repo.main, "commit", "-q", "-m", "Build queue and landing with queue-lock");
        Files.writeString(repo.main.resolve("CLAUDE.md"), block + "my notes, not committed yet\n");
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);

        mojo.execute();

        assertThat(Files.readString(repo.main.resolve("CLAUDE.md"))).as("the user's edit stays").contains("my notes");
        assertThat(log.lines).contains("next: commit the removal (git status lists it) and push it as any change:"
                + " git add -- .mvn/extensions.xml && git commit -m 'Remove queue-lock'")
                .contains("also changed, but with uncommitted edits of yours from before uninstall (review them before you"
                        + " commit them): CLAUDE.md");
    }

    @Test
    @InjectMojo(goal = "uninstall")
    void withKeepStateItLeavesTheHistoryAndTheQueues(UninstallMojo mojo) throws Exception {
        given("queuelock.uninstall.keepState", "true");
        GitFixture repo = repository();
        Path history = Files.createDirectories(repo.main.resolve(".git/queuelock")).resolve("land-history.json");
        Files.writeString(history, "[]\n");
        Path buildQueue = usedOnce("build", repo.main);
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);

        mojo.execute();

        assertThat(history).exists();
        assertThat(buildQueue).exists();
        assertThat(log.lines).contains("kept queue-lock's state (landing history, check logs, queue directories):"
                + " -Dqueuelock.uninstall.keepState=true");
    }

    @Test
    @InjectMojo(goal = "uninstall")
    void keepStateMustBeTrueOrFalse(UninstallMojo mojo) throws Exception {
        given("queuelock.uninstall.keepState", "maybe");
        assertRefused(mojo, "queuelock.uninstall.keepState must be true or false, not 'maybe'");
    }

    /** Lane n beside the main checkout, on lane/n, as queuelock:lane makes it. */
    private static Path lane(GitFixture repo, int n) {
        Path lane = repo.main.resolveSibling("main-lane-" + n);
        GitFixture.git(repo.main, "worktree", "add", "-q", "-b", "lane/" + n, lane.toString(), "HEAD");
        return lane;
    }

    /** The repository's queue {@code name} in the temp dir the goal uses, taken and released once: idle. */
    private static Path usedOnce(String name, Path dir) throws Exception {
        QueueLock lock = QueueLockFactory.defaults().open(name, dir);
        lock.acquire(AcquireOptions.defaults());
        lock.release();
        Path queue = Queue.in(QueueDirectory.defaultTmpDir(), name, RepoKey.of(dir).key()).directory();
        assertThat(queue).exists();
        return queue;
    }

    @Test
    @InjectMojo(goal = "uninstall")
    void scopeMustBeRepositoryOrUser(UninstallMojo mojo) throws Exception {
        given("queuelock.init.scope", "everyone");
        assertRefused(mojo, "queuelock.init.scope must be repository or user, not 'everyone'");
    }
}

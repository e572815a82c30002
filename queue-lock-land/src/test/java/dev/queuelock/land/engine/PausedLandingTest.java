package dev.queuelock.land.engine;

import static dev.queuelock.testsupport.GitFixture.commit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.land.base.QueuePause;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 56: a pause of the land queue outlives the process that set it ({@code kill -9}), a lander
 * in its own JVM waits before its checks saying who paused and why, and a resume lets it land.
 */
@Timeout(120)
class PausedLandingTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    void aLanderWaitsBeforeItsChecksWhileAPauseWhoseSetterWasKilledStandsAndLandsOnResume() throws Exception {
        GitFixture repo = new GitFixture(Files.createDirectory(tmp.resolve("repo")));
        Path queues = Files.createDirectory(tmp.resolve("queues"));
        Path state = RepoContext.stateDir(repo.main.resolve(".git"));
        Path lane = repo.lane("lane");
        commit(lane, "l.txt", "l\n", "lane work");
        String before = repo.remoteHead();

        ChildProcess pauser = children.jvm(PauseWorker.class, state.toString(), "main is broken").log(tmp.resolve("pauser.log")).start();
        await().atMost(Duration.ofSeconds(60)).until(() -> pauser.output().contains(PauseWorker.PAUSED));
        pauser.kill9();
        assertThat(pauser.exitsWithin(Duration.ofSeconds(30))).isTrue();
        assertThat(StateEntry.PAUSE.in(state)).as("the pause outlives its setter").exists();

        Path started = tmp.resolve("checks-started");
        ChildProcess lander = children.jvm(LandWorker.class, lane.toString(), queues.toString(), "touch", started.toString())
                .tmpDir(queues).log(tmp.resolve("lander.log")).start();
        await().atMost(Duration.ofSeconds(60)).until(() -> lander.output().contains("land queue paused by"));
        // Said only while the pause stands, and the checks start only once it is lifted: this is the wait.
        assertThat(lander.output()).contains("land queue paused by pause-worker", ": main is broken",
                "this landing waits before its checks until mvn queuelock:resume");
        assertThat(started).as("no check ran while paused").doesNotExist();
        assertThat(repo.remoteHead()).isEqualTo(before);

        assertThat(QueuePause.lift(state)).isTrue();
        assertThat(lander.awaitExit(Duration.ofSeconds(60))).as(lander.output()).isZero();
        assertThat(started).exists();
        assertThat(repo.remoteHead()).isEqualTo(GitFixture.git(lane, "rev-parse", "HEAD"));
        assertThat(lander.output()).containsOnlyOnce("land queue paused by").contains("land queue resumed: the checks start");
    }
}

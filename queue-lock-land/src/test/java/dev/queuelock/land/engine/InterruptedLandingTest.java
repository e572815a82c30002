package dev.queuelock.land.engine;

import static dev.queuelock.testsupport.GitFixture.commit;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.base.RecordedLog;
import dev.queuelock.land.checks.Checks;
import dev.queuelock.land.git.Git;
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

/** What the next land says about one that was stopped: nothing, if it had changed nothing yet. */
@Timeout(90)
class InterruptedLandingTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    void aLandStoppedWhileMerelyQueuedIsNotReportedAsInterrupted() throws Exception {
        GitFixture repo = new GitFixture(Files.createDirectory(tmp.resolve("repo")));
        Path queues = Files.createDirectory(tmp.resolve("queues"));
        QueueLockFactory locks = QueueLockFactory.defaults().withTmpDir(queues).withPollInterval(Duration.ofMillis(50));
        Path lane = repo.lane("queued");
        commit(lane, "q.txt", "q\n", "queued work");
        RecordedLog log = new RecordedLog();

        try (QueueLock other = locks.open("land", repo.main)) {
            other.acquire(AcquireOptions.defaults().withLabel("someone else"));
            ChildProcess queued = children.jvm(LandWorker.class, lane.toString(), queues.toString(), "true")
                    .tmpDir(queues).log(tmp.resolve("worker.log")).start();
            await().atMost(Duration.ofSeconds(45)).until(() -> locks.snapshot("land", lane).waiters().size() == 1);
            queued.kill9(); // like Ctrl-C while queued: no finally block runs, the in-flight note stays
        }

        LandResult result = new Lander(new Git(lane), CheckAndPushSettings.defaults(), Checks.NONE, locks.open("land", lane),
                locks.open("build", lane), log).land();

        assertThat(result.outcome()).isEqualTo(Outcome.LANDED);
        assertThat(log.lines()).noneMatch(line -> line.contains("interrupted"));
    }
}

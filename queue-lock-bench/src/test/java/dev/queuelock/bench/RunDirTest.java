package dev.queuelock.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.file.QueueDirectory;
import dev.queuelock.spi.Queue;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A run counts the waiters of the queues its processes open, as the factory places them; not any directory named like one. */
class RunDirTest {

    @TempDir
    Path tmp;

    @Test
    @Timeout(60)
    void countsTheTicketsOfTheQueuesItsProcessesUse() throws Exception {
        RunDir run = RunDir.create(tmp, "run");
        // another queue's directory under the same TMPDIR, named as every queue's is: none of this run's
        Path other = Files.createDirectories(run.tmp().resolve("claude-code-merge-queue-build-queue-000000000000/tickets"));
        Files.createFile(other.resolve("1-1"));
        assertThat(run.tickets()).isZero();

        QueueLockFactory factory = QueueLockFactory.defaults().withTmpDir(run.tmp());
        Path workers = QueueDirectory.of(factory.queue(Queue.BUILD, run.path().toString())).ticketsDir(); // keyed by the run
        Path clis = QueueDirectory.of(factory.queue(Queue.BUILD, run.work())).ticketsDir(); // of their working directory
        Files.createFile(Files.createDirectories(workers).resolve("2-2"));
        Files.createFile(Files.createDirectories(clis).resolve("3-3"));

        assertThat(run.tickets()).isEqualTo(2);
    }
}

package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.LockWorkers;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Processes die without cleaning up: the queue heals itself, with no timeout to tune. (A holder
 * killed with {@code kill -9} is in the backend contract suite, run here by FileBackendContractTest.)
 */
class CrashRecoveryTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    private LockWorkers workers;

    @BeforeEach
    void setUp() {
        workers = LockWorkers.onNewRepo(children, tmp);
    }

    @Test
    @Timeout(120)
    void killedWaitersTicketIsPrunedAndBlocksNobody() throws Exception {
        ChildProcess holder = workers.startHolder("holder");
        ChildProcess doomed = workers.startWaiter("doomed", 10);
        ChildProcess last = workers.startWaiter("last", 10);
        assertThat(ticketOf(doomed)).isNotEmpty();

        doomed.kill9();
        // The surviving waiter is woken when the kernel drops the dead one's OS lock, and removes its ticket.
        await().atMost(LockWorkers.PATIENCE).until(() -> ticketOf(doomed).isEmpty());
        // Its position improves: nobody is ahead of it any more.
        await().atMost(LockWorkers.PATIENCE)
                .until(() -> workers.events("wait", last).stream().anyMatch(e -> e.ahead() == 0));

        holder.sigterm();
        assertThat(last.awaitExit(Duration.ofSeconds(60))).as(last.output()).isZero();
        assertThat(workers.events("acquired", last)).hasSize(1);
        assertThat(workers.events("acquired", doomed)).isEmpty();
    }

    @Test
    @Timeout(120)
    void terminatedHolderReleasesThroughItsShutdownHook() {
        ChildProcess holder = workers.startHolder("holder");
        assertThat(lockFile()).exists();

        holder.sigterm();
        holder.awaitExit(Duration.ofSeconds(30));

        // A clean release deletes the lock; a merely dead holder would leave it for a waiter to reclaim.
        assertThat(lockFile()).doesNotExist();
        assertThat(workers.events("released", holder)).hasSize(1);
    }

    private Path lockFile() {
        return queueDir().resolve("lock");
    }

    private Path queueDir() {
        try (Stream<Path> dirs = Files.list(tmp)) {
            return dirs.filter(p -> p.getFileName().toString().startsWith("claude-code-merge-queue-build-queue-"))
                    .findFirst().orElseThrow();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private java.util.List<Path> ticketOf(ChildProcess worker) throws IOException {
        try (Stream<Path> tickets = Files.list(queueDir().resolve("tickets"))) {
            return tickets.filter(p -> p.getFileName().toString().endsWith("-" + worker.pid()))
                    .collect(java.util.stream.Collectors.toList());
        }
    }
}

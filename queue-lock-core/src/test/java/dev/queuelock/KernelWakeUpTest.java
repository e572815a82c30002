package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.LockWorkers;
import dev.queuelock.testsupport.WorkerEvent;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process killed with SIGKILL makes no file event; the kernel still drops its OS locks, and that
 * wakes the waiter behind it. With the fallback poll set to 60 s, only that can explain a take-over
 * within 2 s.
 */
class KernelWakeUpTest {

    private static final String NO_POLL = "pollMs=60000";
    private static final long WITHIN_MS = 2000;

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    @Timeout(180)
    void waiterTakesOverFromAKilledHolderWithin2sWithoutPolling() {
        LockWorkers workers = LockWorkers.onNewRepo(children, tmp);
        ChildProcess holder = workers.startHolder("holder", NO_POLL);
        ChildProcess waiter = workers.startWaiter("waiter", 10, NO_POLL);

        long killedAt = System.currentTimeMillis();
        holder.kill9();

        assertThat(waiter.awaitExit(LockWorkers.PATIENCE)).as(waiter.output()).isZero();
        long acquiredAt = workers.events("acquired", waiter).get(0).ms();
        assertThat(acquiredAt - killedAt).as("ms from SIGKILL to take-over").isLessThan(WITHIN_MS);
        assertThat(workers.events("released", holder)).as("kill -9 runs no hook").isEmpty();
    }

    @Test
    @Timeout(180)
    void waiterMovesUpPastAKilledPredecessorWithin2sWithoutPolling() {
        LockWorkers workers = LockWorkers.onNewRepo(children, tmp);
        ChildProcess holder = workers.startHolder("holder", NO_POLL);
        ChildProcess doomed = workers.startWaiter("doomed", 10, NO_POLL);
        ChildProcess last = workers.startWaiter("last", 10, NO_POLL);
        assertThat(workers.events("enrolled", last).get(0).ahead()).isEqualTo(1);

        long killedAt = System.currentTimeMillis();
        doomed.kill9();

        await().atMost(LockWorkers.PATIENCE).until(() -> workers.events("wait", last).stream().anyMatch(e -> e.ahead() == 0));
        WorkerEvent movedUp = workers.events("wait", last).stream().filter(e -> e.ahead() == 0).findFirst().orElseThrow();
        assertThat(movedUp.ms() - killedAt).as("ms from SIGKILL to first in line").isLessThan(WITHIN_MS);

        holder.sigterm();
        assertThat(last.awaitExit(LockWorkers.PATIENCE)).as(last.output()).isZero();
        assertThat(workers.events("acquired", doomed)).isEmpty();
    }

    @Test
    @Timeout(180)
    void cleanHandOffsAlongAChainNeedNoPoll() {
        LockWorkers workers = LockWorkers.onNewRepo(children, tmp);
        ChildProcess holder = workers.startHolder("holder", NO_POLL);
        ChildProcess first = workers.startWaiter("first", 10, NO_POLL);
        ChildProcess second = workers.startWaiter("second", 10, NO_POLL);
        ChildProcess third = workers.startWaiter("third", 10, NO_POLL);

        holder.sigterm();
        for (ChildProcess waiter : new ChildProcess[] {first, second, third}) {
            assertThat(waiter.awaitExit(Duration.ofSeconds(50))).as(waiter.output()).isZero();
        }
        assertThat(workers.events("acquired")).extracting(WorkerEvent::label)
                .containsExactly("holder", "first", "second", "third");
    }
}

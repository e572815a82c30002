package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.LockWorkers;
import dev.queuelock.testsupport.LockWorkersTestSupport;
import dev.queuelock.testsupport.WorkerEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Waiters are served in the order they enrolled, not by who polls fastest. */
class FifoOrderTest extends LockWorkersTestSupport {

    @Test
    @Timeout(180)
    void waitersAcquireInEnrollmentOrder() throws Exception {
        LockWorkers workers = workersOnNewRepo();
        ChildProcess holder = workers.startHolder("holder");
        List<String> enrolled = new ArrayList<>();
        List<ChildProcess> waiters = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            // Later waiters poll just as often; only the order of enrollment may decide.
            ChildProcess waiter = workers.startWaiter("w" + i, 10, i % 2 == 0 ? "pollMs=50" : "pollMs=400");
            enrolled.add("w" + i);
            waiters.add(waiter);
            // Each waiter is told how many enrolled before it: proof of where it sits in line.
            assertThat(workers.events("enrolled", waiter).get(0).ahead()).isEqualTo(i);
        }

        holder.sigterm();
        for (ChildProcess waiter : waiters) {
            assertThat(waiter.awaitExit(Duration.ofSeconds(90))).as(waiter.output()).isZero();
        }
        List<String> order = workers.events("acquired").stream()
                .map(WorkerEvent::label).filter(l -> !l.equals("holder")).collect(Collectors.toList());
        assertThat(order).containsExactlyElementsOf(enrolled);
    }
}

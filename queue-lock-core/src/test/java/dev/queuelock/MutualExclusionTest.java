package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.LockWorkers;
import dev.queuelock.testsupport.LockWorkersTestSupport;
import dev.queuelock.testsupport.WorkerEvent;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Many JVMs hammering one queue: every hold interval is disjoint from every other. */
class MutualExclusionTest extends LockWorkersTestSupport {

    private static final int WORKERS = 6;
    private static final int ROUNDS = 4;

    @Test
    @Timeout(180)
    void noTwoWorkersEverHoldAtOnce() throws Exception {
        LockWorkers workers = workersOnNewRepo();
        List<ChildProcess> started = new ArrayList<>();
        for (int i = 0; i < WORKERS; i++) {
            started.add(workers.start("w" + i, 25, ROUNDS));
        }
        for (ChildProcess worker : started) {
            assertThat(worker.awaitExit(Duration.ofSeconds(150))).as(worker.output()).isZero();
        }

        List<WorkerEvent> acquired = workers.events("acquired");
        List<WorkerEvent> released = workers.events("released");
        assertThat(acquired).hasSize(WORKERS * ROUNDS);
        assertThat(released).hasSize(WORKERS * ROUNDS);

        List<long[]> holds = new ArrayList<>();
        for (WorkerEvent a : acquired) {
            WorkerEvent r = released.stream().filter(e -> e.pid() == a.pid() && e.round() == a.round())
                    .findFirst().orElseThrow();
            holds.add(new long[] {a.nanos(), r.nanos(), a.pid()});
        }
        holds.sort(Comparator.comparingLong(h -> h[0]));
        for (int i = 1; i < holds.size(); i++) {
            long[] before = holds.get(i - 1);
            long[] after = holds.get(i);
            assertThat(after[0])
                    .as("pid %d acquired before pid %d released", after[2], before[2])
                    .isGreaterThan(before[1]);
        }
    }
}

package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.spi.SlotCount;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.LockWorkers;
import dev.queuelock.testsupport.PlantedQueue;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Under {@code auto} a slot another process frees is handed on as under a fixed number: the waiter
 * first in line is woken by the hand-off itself, not by its periodic look at the machine, and takes
 * the slot on the number it decided while the holder still held, without asking the machine again.
 */
class AutoHandOffTest {

    /** Far beyond the test's time: neither the fallback poll nor auto's own re-look can admit the waiter. */
    private static final Duration NEVER = Duration.ofMinutes(10);

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    @Timeout(180)
    void aSlotFreedByAnotherProcessIsTakenAtOnceOnTheNumberInHand() throws Exception {
        PlantedQueue queue = PlantedQueue.in(tmp);
        LockWorkers workers = new LockWorkers(children, tmp, queue.repo(), "build");
        ChildProcess holder = workers.startHolder("holder", "pollMs=" + NEVER.toMillis());

        List<Integer> askedBeside = new CopyOnWriteArrayList<>();
        FileQueueLock waiter = new FileQueueLock(queue.directory(), "b", NEVER, oneSlotDecidedSlowly(askedBeside), null);
        WaitingAcquire second = WaitingAcquire.start(waiter, "b");
        try {
            assertThat(second.waits(LockWorkers.PATIENCE)).as("waits behind the holder").isTrue();
            assertThat(askedBeside).as("decided once, beside the holder").containsExactly(1);

            holder.sigterm();
            second.join(LockWorkers.PATIENCE);

            assertThat(waiter.isHeld()).as("woken by the hand-off: " + holder.output()).isTrue();
            assertThat(askedBeside).as("the freed slot taken on the number in hand").containsExactly(1);
        } finally {
            second.close();
            waiter.close();
        }
    }

    /** {@code auto} that always decides 1 and stands by a decision for {@link #NEVER}. */
    private static SlotCount oneSlotDecidedSlowly(List<Integer> askedBeside) {
        return new SlotCount() {
            @Override
            public int slots() {
                return 1;
            }

            @Override
            public int slots(int holding) {
                askedBeside.add(holding);
                return 1;
            }

            @Override
            public String describe() {
                return "1 (auto, described)";
            }

            @Override
            public boolean auto() {
                return true;
            }

            @Override
            public long recheckMillis() {
                return NEVER.toMillis();
            }
        };
    }
}

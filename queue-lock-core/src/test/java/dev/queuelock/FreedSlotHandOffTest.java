package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.config.LockSettings;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.Holds;
import dev.queuelock.testsupport.LockWorkers;
import dev.queuelock.testsupport.LockWorkersTestSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Several slots must not cost what they save: a slot freed while every slot is busy goes to the waiter as fast as the single lock
 * hands itself on. Four real JVMs take turns on two slots, then on one, and the medians are
 * compared with a bound generous enough for a shared, noisy machine: this catches a hand-off that
 * waits for a poll or a timeout instead of a wake-up, not a few milliseconds. The benchmark
 * ({@code bench/run.sh only=slot-handoff}) gives the real numbers.
 */
class FreedSlotHandOffTest extends LockWorkersTestSupport {

    private static final int WORKERS = 4;
    private static final int ROUNDS = 10;
    private static final long HOLD_MS = 20;

    @Test
    @Timeout(120)
    void aFreedSlotIsHandedOnAboutAsFastAsTheSingleLock() throws Exception {
        // Two slots first: should the machine warm up over the test, the single lock gains, not the slots.
        double twoSlots = medianHandOffMs(2);
        double oneSlot = medianHandOffMs(1);

        assertThat(twoSlots).as("median hand-off of a freed slot (ms), against the single lock's %.2f ms", oneSlot)
                .isLessThanOrEqualTo(3 * oneSlot + 100);
    }

    /** Four workers started together on {@code slots} slots, each taking its turn {@link #ROUNDS} times. */
    private double medianHandOffMs(int slots) throws Exception {
        Path dir = Files.createDirectory(tmp.resolve("slots-" + slots));
        Path start = dir.resolve("start");
        LockWorkers workers = new LockWorkers(children, dir, Files.createDirectory(dir.resolve("repo")), "build",
                List.of(LockSettings.BUILD_SLOTS + "=" + slots, "startFile=" + start));
        List<ChildProcess> started = new ArrayList<>();
        for (int i = 0; i < WORKERS; i++) {
            started.add(workers.start("w" + i, HOLD_MS, ROUNDS));
        }
        for (ChildProcess worker : started) {
            workers.awaitEvent(worker, "ready"); // no hand-off to a JVM still starting
        }
        Files.createFile(start);
        for (ChildProcess worker : started) {
            assertThat(worker.awaitExit(LockWorkers.PATIENCE)).as(worker.output()).isZero();
        }

        Holds holds = Holds.of(workers);
        assertThat(holds.mostAtOnce()).as("holders at once on %d slot(s)", slots).isLessThanOrEqualTo(slots);
        assertThat(holds.mostAtOnce()).as("the slots were used, or this proves nothing").isEqualTo(slots);
        List<Double> handOffs = new ArrayList<>(holds.handOffsMs(slots, 1));
        assertThat(handOffs).as("hand-offs to a waiter that found all %d slot(s) busy", slots).hasSizeGreaterThanOrEqualTo(5);
        handOffs.sort(Double::compare);
        return handOffs.get(handOffs.size() / 2);
    }
}

package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.AcquireOptions;
import dev.queuelock.spi.SlotCount;
import dev.queuelock.testsupport.PlantedQueue;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Under {@code auto} the waiter first in line asks the machine again while it waits: room that
 * appears without any change in the queue's files (pressure dropped) admits it.
 */
class AutoRecheckTest {

    @TempDir
    Path tmp;

    @Test
    @Timeout(60)
    void aWaiterRefusedForRoomIsAdmittedWhenRoomAppearsWithoutAFileChange() throws Exception {
        AtomicInteger room = new AtomicInteger(1);
        List<Integer> askedBeside = new CopyOnWriteArrayList<>();
        SlotCount machine = new SlotCount() {
            @Override
            public int slots() {
                return room.get();
            }

            @Override
            public int slots(int holding) {
                askedBeside.add(holding);
                return room.get();
            }

            @Override
            public String describe() {
                return "room for " + room.get();
            }

            @Override
            public boolean auto() {
                return true;
            }
        };
        QueueDirectory dir = PlantedQueue.in(tmp).directory();
        // A poll far beyond the test's time: only the re-check can admit the waiter while the holder holds.
        FileQueueLock holder = new FileQueueLock(dir, "a", Duration.ofMinutes(10), machine, null);
        FileQueueLock waiter = new FileQueueLock(dir, "b", Duration.ofMinutes(10), machine, null);
        holder.acquire(AcquireOptions.defaults().withLabel("a").withReleaseAtExit(false));
        WaitingAcquire second = WaitingAcquire.start(waiter, "b");
        try {
            assertThat(second.waits(Duration.ofSeconds(30))).as("the second waits").isTrue();
            assertThat(waiter.isHeld()).isFalse();

            room.set(2);
            second.join(Duration.ofSeconds(30));

            assertThat(waiter.isHeld()).as("admitted beside the holder").isTrue();
            assertThat(holder.isHeld()).isTrue();
            assertThat(askedBeside).as("asked beside the one holding").contains(1);
        } finally {
            second.close();
            waiter.close();
            holder.close();
        }
    }
}

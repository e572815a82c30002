package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.config.LockSettings;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.Holds;
import dev.queuelock.testsupport.LockWorkers;
import dev.queuelock.testsupport.WorkerEvent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The build queue with several slots, between real JVMs: never more holders than slots, whoever is
 * killed when; the longest waiter takes the next free slot; a freed or orphaned slot is handed on.
 */
class SlotsTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0} slots")
    @ValueSource(ints = {2, 3})
    @Timeout(240)
    void neverMoreHoldersThanSlotsWhenHoldersAndWaitersAreKilledAtRandomMoments(int slots) throws Exception {
        LockWorkers workers = new LockWorkers(children, tmp, Files.createDirectory(tmp.resolve("repo")), "build",
                List.of(LockSettings.BUILD_SLOTS + "=" + slots));
        // The slots are filled first, by holders the test releases once the others queue behind
        // them: so the slots are used however slowly the JVMs start, and the churn below runs with
        // every slot taken and waiters queued.
        List<ChildProcess> fillers = new ArrayList<>();
        for (int i = 0; i < slots; i++) {
            fillers.add(workers.startHolder("filler-" + i));
        }
        List<ChildProcess> steady = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            steady.add(workers.startWaiter("steady-" + i, 200, 4));
        }
        List<ChildProcess> victims = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            victims.add(workers.start("victim-" + i, 400, 3));
        }
        Map<Long, Long> stoppedAt = new TreeMap<>();
        for (ChildProcess filler : fillers) {
            stoppedAt.put(filler.pid(), System.nanoTime()); // before the signal: an end no later than the real one
            filler.sigterm();
        }
        // Each victim dies by kill -9 at a random moment: holding, waiting or still starting.
        Random random = new Random();
        for (ChildProcess victim : victims) {
            Thread.sleep(random.nextInt(900));
            stoppedAt.put(victim.pid(), System.nanoTime());
            victim.kill9();
        }
        for (ChildProcess worker : steady) {
            assertThat(worker.awaitExit(Duration.ofSeconds(180))).as(worker.output()).isZero();
        }

        int most = Holds.of(workers, stoppedAt).mostAtOnce();
        assertThat(most).as("holders at once").isLessThanOrEqualTo(slots);
        assertThat(most).as("the slots were used, or this proves nothing").isEqualTo(slots);
        assertThat(workers.events("acquired").stream().filter(e -> e.label().startsWith("steady"))).hasSize(20);
    }

    /**
     * The slots are freed one at a time by the test (a death, then releases), so at each moment
     * exactly one waiter is entitled to the freed slot: the longest waiting one. Which waiter took
     * it is checked before the next slot is freed, so the order asserted is the lock's, never the
     * order in which two busy JVMs happened to log what they did at once.
     */
    @Test
    @Timeout(180)
    void theLongestWaiterTakesTheNextFreeSlot() throws Exception {
        LockWorkers workers = new LockWorkers(children, tmp, Files.createDirectory(tmp.resolve("repo")), "build",
                List.of(LockSettings.BUILD_SLOTS + "=2"));
        ChildProcess first = workers.startHolder("holder-1");
        ChildProcess second = workers.startHolder("holder-2");
        List<ChildProcess> waiters = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            // Fast and slow pollers alternate: a waiter that looks more often must not get ahead.
            ChildProcess waiter = workers.startWaiter("w" + i, -1, i % 2 == 0 ? "pollMs=50" : "pollMs=400");
            waiters.add(waiter);
            assertThat(workers.events("enrolled", waiter).get(0).ahead()).isEqualTo(i);
        }
        Map<Long, Long> stoppedAt = new TreeMap<>();
        stoppedAt.put(first.pid(), System.nanoTime());
        first.kill9(); // one slot freed by a death, the others by releases
        List<ChildProcess> freeing = List.of(second, waiters.get(0), waiters.get(1));
        List<String> longestWaiting = new ArrayList<>();
        for (int i = 0; i < waiters.size(); i++) {
            longestWaiting.add("w" + i);
            workers.awaitEvent(waiters.get(i), "acquired");
            assertThat(acquiredWaiters(workers)).as("after slot " + (i + 1) + " was freed").isEqualTo(longestWaiting);
            if (i < freeing.size()) {
                stoppedAt.put(freeing.get(i).pid(), System.nanoTime());
                freeing.get(i).sigterm();
            }
        }
        assertThat(Holds.of(workers, stoppedAt).mostAtOnce()).isLessThanOrEqualTo(2);
    }

    private static List<String> acquiredWaiters(LockWorkers workers) {
        return workers.events("acquired").stream().map(WorkerEvent::label).filter(l -> l.startsWith("w")).sorted()
                .collect(Collectors.toList());
    }

    @Test
    @Timeout(180)
    void aWaiterTakesASlotFreedByADeathOrARelease() throws Exception {
        LockWorkers workers = new LockWorkers(children, tmp, Files.createDirectory(tmp.resolve("repo")), "build",
                List.of(LockSettings.BUILD_SLOTS + "=2"));
        ChildProcess killed = workers.startHolder("killed");
        ChildProcess stays = workers.startHolder("stays");
        ChildProcess waiter = workers.startWaiter("waiter", -1);
        assertThat(workers.events("enrolled", waiter).get(0).ahead()).isZero();

        killed.kill9();
        workers.awaitEvent(waiter, "acquired");
        ChildProcess next = workers.startWaiter("next", 10);
        stays.sigterm();
        assertThat(next.awaitExit(LockWorkers.PATIENCE)).as(next.output()).isZero();
        waiter.sigterm();
    }
}

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
        Random random = new Random();
        List<ChildProcess> steady = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            steady.add(workers.start("steady-" + i, 200, 4));
        }
        List<ChildProcess> victims = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            victims.add(workers.start("victim-" + i, 400, 3));
        }
        // Each victim dies by kill -9 at a random moment: holding, waiting or still starting.
        Map<Long, Long> killedAt = new TreeMap<>();
        for (ChildProcess victim : victims) {
            Thread.sleep(random.nextInt(900));
            killedAt.put(victim.pid(), System.nanoTime()); // before the kill: an end no later than the real one
            victim.kill9();
        }
        for (ChildProcess worker : steady) {
            assertThat(worker.awaitExit(Duration.ofSeconds(180))).as(worker.output()).isZero();
        }

        int most = Holds.of(workers, killedAt).mostAtOnce();
        assertThat(most).as("holders at once").isLessThanOrEqualTo(slots);
        assertThat(most).as("the slots were used, or this proves nothing").isEqualTo(slots);
        assertThat(workers.events("acquired").stream().filter(e -> e.label().startsWith("steady"))).hasSize(20);
    }

    @Test
    @Timeout(180)
    void theLongestWaiterTakesTheNextFreeSlot() throws Exception {
        LockWorkers workers = new LockWorkers(children, tmp, Files.createDirectory(tmp.resolve("repo")), "build",
                List.of(LockSettings.BUILD_SLOTS + "=2"));
        ChildProcess first = workers.startHolder("holder-1");
        ChildProcess second = workers.startHolder("holder-2");
        List<String> enrolled = new ArrayList<>();
        List<ChildProcess> waiters = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ChildProcess waiter = workers.startWaiter("w" + i, 150, i % 2 == 0 ? "pollMs=50" : "pollMs=400");
            enrolled.add("w" + i);
            waiters.add(waiter);
            WorkerEvent told = workers.events("enrolled", waiter).get(0);
            assertThat(told.ahead()).isEqualTo(i);
        }
        long killedAt = System.nanoTime();
        first.kill9(); // one slot freed by a death, the other by a release
        second.sigterm();
        for (ChildProcess waiter : waiters) {
            assertThat(waiter.awaitExit(Duration.ofSeconds(90))).as(waiter.output()).isZero();
        }
        List<String> order = workers.events("acquired").stream().map(WorkerEvent::label).filter(l -> l.startsWith("w"))
                .collect(Collectors.toList());
        assertThat(order).containsExactlyElementsOf(enrolled);
        assertThat(Holds.of(workers, Map.of(first.pid(), killedAt)).mostAtOnce()).isLessThanOrEqualTo(2);
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

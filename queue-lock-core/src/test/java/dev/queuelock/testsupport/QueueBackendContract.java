package dev.queuelock.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.WaitEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What every queue backend promises, written once: mutual exclusion, FIFO order, a killed holder
 * replaced by the next waiter, and the listener's events. A backend's test extends this and says
 * which settings select it; the workers are real child JVMs.
 */
public abstract class QueueBackendContract {

    protected static final String QUEUE = "land";

    @RegisterExtension
    protected final ChildProcesses children = new ChildProcesses();

    @TempDir
    protected Path tmp;

    protected Path repo;
    protected LockWorkers workers;

    /** The factory settings selecting the backend under test; {@code testDir} is unique to one test. */
    protected abstract Map<String, String> backendSettings(Path testDir);

    /** Whether the backend records the holder's host (backends spanning machines must). */
    protected abstract boolean recordsHost();

    /** Whether the backend places a waiter of high priority ahead of ordinary ones; one that does not must refuse it. */
    protected abstract boolean placesByPriority();

    @BeforeEach
    void setUpWorkers() throws IOException {
        repo = Files.createDirectory(tmp.resolve("repo"));
        List<String> options = backendSettings(tmp).entrySet().stream()
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.toList());
        workers = new LockWorkers(children, tmp, repo, QUEUE, options);
    }

    protected QueueLockFactory factory() {
        return QueueLockFactory.defaults().withTmpDir(tmp).withPollInterval(Duration.ofMillis(100))
                .withSettings(backendSettings(tmp));
    }

    @Test
    @Timeout(180)
    void noTwoWorkersEverHoldAtOnce() {
        List<ChildProcess> started = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            started.add(workers.start("w" + i, 25, 3));
        }
        for (ChildProcess worker : started) {
            assertThat(worker.awaitExit(Duration.ofSeconds(150))).as(worker.output()).isZero();
        }
        List<WorkerEvent> acquired = workers.events("acquired");
        List<WorkerEvent> released = workers.events("released");
        assertThat(acquired).hasSize(12);
        assertThat(released).hasSize(12);
        List<long[]> holds = new ArrayList<>();
        for (WorkerEvent a : acquired) {
            WorkerEvent r = released.stream().filter(e -> e.pid() == a.pid() && e.round() == a.round())
                    .findFirst().orElseThrow();
            holds.add(new long[] {a.nanos(), r.nanos(), a.pid()});
        }
        holds.sort(Comparator.comparingLong(h -> h[0]));
        for (int i = 1; i < holds.size(); i++) {
            assertThat(holds.get(i)[0]).as("pid %d acquired before pid %d released", holds.get(i)[2], holds.get(i - 1)[2])
                    .isGreaterThan(holds.get(i - 1)[1]);
        }
    }

    @Test
    @Timeout(180)
    void waitersAcquireInEnrollmentOrder() {
        ChildProcess holder = workers.startHolder("holder");
        List<String> enrolled = new ArrayList<>();
        List<ChildProcess> waiters = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ChildProcess waiter = workers.startWaiter("w" + i, 10);
            enrolled.add("w" + i);
            waiters.add(waiter);
            assertThat(workers.events("enrolled", waiter).get(0).ahead()).as("waiters ahead of w%d", i).isEqualTo(i);
        }
        holder.sigterm();
        for (ChildProcess waiter : waiters) {
            assertThat(waiter.awaitExit(Duration.ofSeconds(90))).as(waiter.output()).isZero();
        }
        List<String> order = workers.events("acquired").stream()
                .map(WorkerEvent::label).filter(l -> !l.equals("holder")).collect(Collectors.toList());
        assertThat(order).containsExactlyElementsOf(enrolled);
    }

    @Test
    @Timeout(180)
    void aHighPriorityWaiterIsServedRightAfterTheHolderOrRefusedInOneLine() {
        ChildProcess holder = workers.startHolder("holder");
        List<ChildProcess> waiters = new ArrayList<>(List.of(workers.startWaiter("w0", 10), workers.startWaiter("w1", 10)));
        if (!placesByPriority()) {
            ChildProcess urgent = workers.start("urgent", 10, 1, "priority=high");
            assertThat(urgent.awaitExit(Duration.ofSeconds(90))).as(urgent.output()).isEqualTo(3);
            String refusal = workers.events("refused", urgent).get(0).text("message");
            assertThat(refusal).contains("serves its waiters in arrival order only").doesNotContain("\n");
            assertThat(workers.events("enrolled", urgent)).isEmpty();
            return;
        }
        ChildProcess urgent = workers.startWaiter("urgent", 10, "priority=high");
        assertThat(workers.events("enrolled", urgent).get(0).ahead()).as("waiters ahead of the urgent one").isZero();
        QueueSnapshot line = factory().snapshot(QUEUE, repo);
        assertThat(line.waiters()).extracting(r -> r.label().orElse("")).containsExactly("urgent", "w0", "w1");
        assertThat(line.wentAheadOf(line.waiters().get(0))).extracting(r -> r.label().orElse("")).containsExactly("w0", "w1");
        waiters.add(0, urgent);
        holder.sigterm();
        for (ChildProcess waiter : waiters) {
            assertThat(waiter.awaitExit(Duration.ofSeconds(90))).as(waiter.output()).isZero();
        }
        List<String> order = workers.events("acquired").stream()
                .map(WorkerEvent::label).filter(l -> !l.equals("holder")).collect(Collectors.toList());
        assertThat(order).containsExactly("urgent", "w0", "w1");
    }

    @Test
    @Timeout(180)
    void killedHolderIsReplacedByTheNextWaiter() {
        ChildProcess holder = workers.startHolder("holder");
        ChildProcess waiter = workers.startWaiter("next", 10);

        holder.kill9();

        assertThat(waiter.awaitExit(Duration.ofSeconds(90))).as(waiter.output()).isZero();
        assertThat(workers.events("acquired", waiter)).hasSize(1);
        assertThat(workers.events("released", holder)).as("kill -9 runs no hook").isEmpty();
        assertThat(factory().snapshot(QUEUE, repo).holders().stream().findFirst()).isEmpty();
    }

    @Test
    @Timeout(180)
    void waiterIsToldPositionHolderAndALongHoldWithoutBeingToldItIsStuck() throws Exception {
        ChildProcess holder = workers.startHolder("holder");
        // Holds until terminated: the waiter must see it holding, however slowly this machine runs.
        ChildProcess other = workers.startWaiter("other", -1);
        Duration stuck = Duration.ofMillis(700);
        try (BackgroundAcquire waiter = new BackgroundAcquire(factory().open(QUEUE, repo),
                AcquireOptions.defaults().withLabel("me").withStuckWarnInterval(stuck))) {
            await().atMost(LockWorkers.PATIENCE).until(() -> waiter.events().stream().anyMatch(e -> isRetold(e, stuck)));
            WaitEvent first = waiter.events().get(0);
            assertThat(first.ahead()).as("the other waiter enrolled first").isEqualTo(1);
            LockRecord seen = first.holders().stream().findFirst().orElseThrow();
            assertThat(seen.pid()).isEqualTo(holder.pid());
            assertThat(seen.lane()).isEqualTo("repo");
            assertThat(seen.label()).contains("holder");
            if (recordsHost()) {
                assertThat(seen.host()).isPresent();
            }
            WaitEvent retold = waiter.events().stream().filter(e -> isRetold(e, stuck)).findFirst().orElseThrow();
            assertThat(retold.holders().stream().findFirst().orElseThrow().pid()).isEqualTo(holder.pid());
            assertThat(waiter.events()).as("no hold of this kind recorded: a long hold is told, never called stuck")
                    .noneMatch(WaitEvent::isWarning);

            QueueSnapshot snapshot = factory().snapshot(QUEUE, repo);
            assertThat(snapshot.holders().stream().findFirst().orElseThrow().pid()).isEqualTo(holder.pid());
            assertThat(snapshot.waiters()).extracting(LockRecord::label)
                    .containsExactly(java.util.Optional.of("other"), java.util.Optional.of("me"));

            holder.sigterm();
            workers.awaitEvent(other, "acquired");
            await("told it was next once the holder left").atMost(LockWorkers.PATIENCE).until(() -> waiter.events().stream()
                    .anyMatch(e -> e.ahead() == 0 && e.holders().stream().findFirst().map(h -> h.pid() == other.pid()).orElse(false)));
            assertThat(waiter.lock().isHeld()).as("other still holds").isFalse();

            other.sigterm();
            workers.awaitEvent(other, "released");
            assertThat(waiter.finishedWithin(LockWorkers.PATIENCE)).isTrue();
            assertThat(waiter.failure()).isNull();
            assertThat(waiter.lock().isHeld()).isTrue();
        }
    }

    @Test
    @Timeout(120)
    void heldForCountsFromTheTakeNotFromTheEnrollment() throws Exception {
        QueueLock first = factory().open(QUEUE, repo);
        first.acquire(AcquireOptions.defaults());
        try (BackgroundAcquire second = BackgroundAcquire.start(factory().open(QUEUE, repo))) {
            await().atMost(LockWorkers.PATIENCE).until(() -> !second.events().isEmpty());
            Thread.sleep(1500); // waiting time that must not count as holding time
            long releasedAt = System.currentTimeMillis();
            first.release();
            assertThat(second.finishedWithin(LockWorkers.PATIENCE)).isTrue();
            assertThat(second.failure()).isNull();
            LockRecord holder = factory().snapshot(QUEUE, repo).holders().stream().findFirst().orElseThrow();
            assertThat(holder.ts()).as("the holder's ts is when it took the lock").isGreaterThanOrEqualTo(releasedAt);
        } finally {
            first.release();
        }
    }

    @Test
    @Timeout(120)
    void interruptedWaiterLeavesTheQueue() throws Exception {
        try (QueueLock holder = factory().open(QUEUE, repo)) {
            holder.acquire(AcquireOptions.defaults().withLabel("in-process holder"));
            assertThat(holder.isHeld()).isTrue();
            BackgroundAcquire waiter = BackgroundAcquire.start(factory().open(QUEUE, repo));
            await().atMost(LockWorkers.PATIENCE).until(() -> !waiter.events().isEmpty());
            assertThat(factory().snapshot(QUEUE, repo).waiters()).hasSize(1);

            waiter.close();

            assertThat(waiter.failure()).isInstanceOf(InterruptedException.class);
            await().atMost(LockWorkers.PATIENCE).until(() -> factory().snapshot(QUEUE, repo).waiters().isEmpty());
            holder.release();
            assertThat(holder.isHeld()).isFalse();
            assertThat(factory().snapshot(QUEUE, repo).holders().stream().findFirst()).isEmpty();
        }
    }

    /** An event told again once the holder had held a stuck-warning interval. */
    private static boolean isRetold(WaitEvent event, Duration interval) {
        return event.holderElapsed().compareTo(interval) >= 0 && !event.holders().isEmpty();
    }
}

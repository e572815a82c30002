package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.queuelock.spi.SlotCount;
import dev.queuelock.LockRecord;
import dev.queuelock.spi.Queue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A waiter sleeps through changes that cannot move it up, and wakes on the one that can. */
class WaitForTurnSleepTest {

    private static final String WATCH_THREAD = "queue-lock file events";
    private static final long SELF = ProcessHandle.current().pid();
    private static final Ticket OWN = Ticket.parse("3-3");

    @TempDir
    Path tmp;

    private QueueDirectory dir;
    private Path tickets;
    private ExecutorService executor;

    @BeforeEach
    void queue() throws Exception {
        dir = QueueDirectory.of(Queue.in(tmp, "q", "r"));
        dir.prepare();
        tickets = dir.ticketsDir();
        Files.createFile(tickets.resolve(OWN.name()));
        executor = Executors.newSingleThreadExecutor();
    }

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    @Test
    @Timeout(120)
    void wakesOnlyForTheDeletionItWaitsFor() throws Exception {
        Files.createFile(tickets.resolve("1-1"));
        Files.createFile(tickets.resolve("5-5"));
        try (WaitForTurn waiter = waiter()) {
            waiter.beginLook();
            Future<?> woke = sleepIn(waiter, behind(Ticket.parse("1-1")), false);
            Files.createFile(tickets.resolve("6-6")); // a newcomer behind
            Files.delete(tickets.resolve("5-5")); // someone else's predecessor
            Files.delete(Files.createFile(dir.lockFile())); // the lock, but this waiter is not first
            // No lower bound on speed here: a slow machine only makes an early wake-up less likely.
            assertThatThrownBy(() -> woke.get(1, TimeUnit.SECONDS)).isInstanceOf(TimeoutException.class);

            Files.delete(tickets.resolve("1-1"));
            woke.get(30, TimeUnit.SECONDS); // long before the 60 s fallback poll
        }
    }

    /** A waiter that took the lock leaves closing its watch (a kernel grace period) to the watch's own thread. */
    @Test
    @Timeout(120)
    void closesItselfInItsOwnThread() throws Exception {
        try (WaitForTurn waiter = waiter()) {
            Set<Thread> before = watchThreads();
            waiter.beginLook(); // watched, as a waiter is that looked unsignalled
            Set<Thread> pump = watchThreads();
            pump.removeAll(before);
            assertThat(pump).hasSize(1);

            waiter.closeInBackground();

            await().atMost(Duration.ofSeconds(30)).until(() -> !pump.iterator().next().isAlive());
        }
    }

    /** The lock's going wakes only a waiter that asked for it: N waiters watching it made N JVMs wake per hand-off. */
    @Test
    @Timeout(120)
    void theLockIsWatchedOnlyOnDemand() throws Exception {
        Turn first = firstBehind(new LockRecord(SELF, "held here", null, 1, null)); // no OS lock to wait on
        try (WaitForTurn waiter = waiter()) {
            waiter.beginLook();
            Future<?> unwatched = sleepIn(waiter, first, false);
            Files.delete(Files.createFile(dir.lockFile()));
            assertThatThrownBy(() -> unwatched.get(1, TimeUnit.SECONDS)).isInstanceOf(TimeoutException.class);
            unwatched.cancel(true);

            waiter.beginLook();
            executor.submit(() -> {
                waiter.sleep(first, 60_000);
                return null;
            }).get(30, TimeUnit.SECONDS); // the lock watched now: back at once, to look again
            waiter.beginLook();
            Future<?> watched = executor.submit(() -> {
                waiter.sleep(first, 60_000);
                return null;
            });
            Files.delete(Files.createFile(dir.lockFile()));
            watched.get(30, TimeUnit.SECONDS);
        }
    }

    /**
     * A waiter the kernel wakes for its turn needs file events only to update what it reports: after
     * one change it stops watching and looks again soon, instead of being woken by every enrollment
     * and hand-off in the queue.
     */
    @Test
    @Timeout(120)
    void aKernelCoveredWaiterPausesItsWatchAfterAChangeAndLooksAgainSoon() throws Exception {
        Turn first = firstBehind(new LockRecord(1, "elsewhere", null, 1, null));
        try (WaitForTurn waiter = waiter()) {
            waiter.beginLook();
            Future<?> covered = sleepIn(waiter, first, true);
            Files.createFile(tickets.resolve("5-5")); // a newcomer behind: nothing to report at once

            covered.get(30, TimeUnit.SECONDS); // looks again long before the 60 s
            assertThat(waiter.ticketsWatch().isPaused()).as("not told of later changes until that look").isTrue();
            waiter.beginLook();
            assertThat(waiter.ticketsWatch().isPaused()).as("the look resumes the watch first").isFalse();

            Future<?> uncovered = sleepIn(waiter, first, false);
            Files.createFile(tickets.resolve("6-6"));
            assertThatThrownBy(() -> uncovered.get(1, TimeUnit.SECONDS)).as("without a kernel wait, it keeps watching")
                    .isInstanceOf(TimeoutException.class);
            assertThat(waiter.ticketsWatch().isPaused()).isFalse();
        }
    }

    /**
     * A waiter whose turn a kernel wait announces sleeps without a watch until its report look:
     * most waits end before it, and then never start the watch's thread nor wait to close it.
     */
    @Test
    @Timeout(120)
    void aKernelCoveredWaiterOpensNoWatchUntilItLooksToReport() throws Exception {
        try (WaitForTurn waiter = waiter()) {
            Set<Thread> before = watchThreads();
            Future<?> covered = sleepIn(waiter, behind(Ticket.parse("1-1")), true);
            Files.createFile(tickets.resolve("5-5")); // unwatched: this wakes nobody
            covered.get(30, TimeUnit.SECONDS); // the report look, long before the 60 s
            assertThat(before).as("no watch opened by the sleep").containsAll(watchThreads());

            waiter.beginLook();
            assertThat(watchThreads()).as("the report look opens it").hasSizeGreaterThan(0);
            assertThat(waiter.ticketsWatch().isPaused()).isFalse();
            waiter.closeInBackground();
        }
    }

    /** A waiter nothing else will wake must not sleep unwatched: it opens the watch and looks once more. */
    @Test
    @Timeout(120)
    void aWaiterWithoutAKernelWaitOpensTheWatchBeforeItSleeps() throws Exception {
        Files.createFile(tickets.resolve("1-1"));
        Turn behindOne = behind(Ticket.parse("1-1"));
        try (WaitForTurn waiter = waiter()) {
            sleepIn(waiter, behindOne, false).get(30, TimeUnit.SECONDS); // back at once, to look again
            assertThat(waiter.ticketsWatch().isPaused()).isFalse();

            waiter.beginLook();
            Future<?> watched = sleepIn(waiter, behindOne, false);
            Files.delete(tickets.resolve("1-1"));
            watched.get(30, TimeUnit.SECONDS);
        }
    }

    /** A paused watch hears of no change, so it cannot wait for one to close itself. */
    @Test
    @Timeout(120)
    void aPausedWatchClosesInItsOwnThreadWithoutWaitingForAChange() throws Exception {
        try (WaitForTurn waiter = waiter()) {
            Set<Thread> before = watchThreads();
            waiter.beginLook();
            Set<Thread> pump = watchThreads();
            pump.removeAll(before);
            Future<?> covered = sleepIn(waiter, firstBehind(new LockRecord(1, "elsewhere", null, 1, null)), true);
            Files.createFile(tickets.resolve("7-7"));
            covered.get(30, TimeUnit.SECONDS);
            assertThat(waiter.ticketsWatch().isPaused()).isTrue();

            waiter.closeInBackground();

            await().atMost(Duration.ofSeconds(30)).until(() -> pump.stream().noneMatch(Thread::isAlive));
        }
    }

    /** A wait of a lock on the queue, ready to sleep: as a look that first finds someone ahead makes it. */
    private WaitForTurn waiter() {
        WaitForTurn waiter = new WaitForTurn(new FileQueueLock(dir, "sleeps", Duration.ofSeconds(60), SlotCount.ONE, null));
        waiter.readySleep();
        return waiter;
    }

    /** Waiting behind the live ticket {@code ahead}. */
    private static Turn behind(Ticket ahead) {
        return Turn.decide(new QueueLook(OWN, 1, true, List.of(), ahead, true, 1, 0));
    }

    /** First in line, waiting on a live holder. */
    private Turn firstBehind(LockRecord holder) {
        Ticket lock = Ticket.holder(dir.lockFile(), holder, false);
        return Turn.decide(new QueueLook(OWN, 1, true, List.of(new QueueLook.Holding(lock, true, false)), null, false, 0, 0));
    }

    /** The waiter's sleep, in the executor's thread, with a 60 s timeout no test waits for. */
    private Future<?> sleepIn(WaitForTurn waiter, Turn turn, boolean kernelCovered) {
        return executor.submit(() -> {
            waiter.await(turn, Duration.ofSeconds(60).toMillis(), kernelCovered);
            return null;
        });
    }

    private static Set<Thread> watchThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && WATCH_THREAD.equals(t.getName()))
                .collect(Collectors.toCollection(HashSet::new));
    }
}

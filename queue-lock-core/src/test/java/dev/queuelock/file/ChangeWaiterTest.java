package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A waiter sleeps through changes that cannot move it up, and wakes on the one that can. */
class ChangeWaiterTest {

    @TempDir
    Path tmp;

    @Test
    @Timeout(120)
    void wakesOnlyForTheDeletionItWaitsFor() throws Exception {
        Path queue = Files.createDirectory(tmp.resolve("queue"));
        Path tickets = Files.createDirectory(queue.resolve("tickets"));
        Files.createFile(tickets.resolve("1-1"));
        Files.createFile(tickets.resolve("2-2"));
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try (ChangeWaiter waiter = ChangeWaiter.on(queue, tickets)) {
            waiter.beginLook();
            ChangeWaiter.Relevance predecessor = (inTickets, created, name) -> inTickets && !created
                    && name.equals("1-1") ? ChangeWaiter.Wake.NOW : ChangeWaiter.Wake.NO;
            Future<?> woke = sleepIn(executor, waiter, predecessor, false);
            Files.createFile(tickets.resolve("3-3")); // a newcomer behind
            Files.delete(tickets.resolve("2-2")); // someone else's predecessor
            Files.createFile(queue.resolve("lock"));
            Files.delete(queue.resolve("lock")); // the lock, but this waiter is not first
            // No lower bound on speed here: a slow machine only makes an early wake-up less likely.
            assertThatThrownBy(() -> woke.get(1, TimeUnit.SECONDS)).isInstanceOf(TimeoutException.class);

            Files.delete(tickets.resolve("1-1"));
            woke.get(30, TimeUnit.SECONDS); // long before the 60 s fallback poll
        } finally {
            executor.shutdownNow();
        }
    }

    /** A waiter that took the lock leaves closing its watch (~10 ms in the kernel) to the watch's own thread. */
    @Test
    @Timeout(120)
    void closesItselfInItsOwnThread() throws Exception {
        Path queue = Files.createDirectory(tmp.resolve("queue"));
        Path tickets = Files.createDirectory(queue.resolve("tickets"));
        try (ChangeWaiter waiter = ChangeWaiter.on(queue, tickets)) {
            waiter.beginLook(); // watched, as a waiter is that looked unsignalled
            waiter.closeInBackground();

            await().atMost(Duration.ofSeconds(30)).until(waiter::isClosed);
            assertThat(waiter.closedBy()).isEqualTo("queue-lock file events");
        }
    }

    /** The lock's going wakes only a waiter that asked for it: N waiters watching it made N JVMs wake per hand-off. */
    @Test
    @Timeout(120)
    void theLockIsWatchedOnlyOnDemand() throws Exception {
        Path queue = Files.createDirectory(tmp.resolve("queue"));
        Path tickets = Files.createDirectory(queue.resolve("tickets"));
        ExecutorService executor = Executors.newSingleThreadExecutor();
        ChangeWaiter.Relevance lockOnly = (inTickets, created, name) -> !inTickets && name.equals("lock")
                ? ChangeWaiter.Wake.NOW : ChangeWaiter.Wake.NO;
        try (ChangeWaiter waiter = ChangeWaiter.on(queue, tickets)) {
            waiter.beginLook();
            Future<?> unwatched = sleepIn(executor, waiter, lockOnly, false);
            Files.delete(Files.createFile(queue.resolve("lock")));
            assertThatThrownBy(() -> unwatched.get(1, TimeUnit.SECONDS)).isInstanceOf(TimeoutException.class);
            unwatched.cancel(true);

            assertThat(waiter.watchLock()).as("began now").isTrue();
            assertThat(waiter.watchLock()).as("once").isFalse();
            waiter.beginLook();
            Future<?> watched = sleepIn(executor, waiter, lockOnly, false);
            Files.delete(Files.createFile(queue.resolve("lock")));
            watched.get(30, TimeUnit.SECONDS);
        } finally {
            executor.shutdownNow();
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
        Path queue = Files.createDirectory(tmp.resolve("queue"));
        Path tickets = Files.createDirectory(queue.resolve("tickets"));
        ExecutorService executor = Executors.newSingleThreadExecutor();
        ChangeWaiter.Relevance nothing = (inTickets, created, name) -> ChangeWaiter.Wake.NO;
        try (ChangeWaiter waiter = ChangeWaiter.on(queue, tickets)) {
            waiter.beginLook();
            Future<?> covered = sleepIn(executor, waiter, nothing, true);
            Files.createFile(tickets.resolve("5-5")); // a newcomer behind: nothing to report at once

            covered.get(30, TimeUnit.SECONDS); // looks again long before the 60 s
            assertThat(waiter.isPaused()).as("not told of later changes until that look").isTrue();
            waiter.beginLook();
            assertThat(waiter.isPaused()).as("the look resumes the watch first").isFalse();

            Future<?> uncovered = sleepIn(executor, waiter, nothing, false);
            Files.createFile(tickets.resolve("6-6"));
            assertThatThrownBy(() -> uncovered.get(1, TimeUnit.SECONDS)).as("without a kernel wait, it keeps watching")
                    .isInstanceOf(TimeoutException.class);
            assertThat(waiter.isPaused()).isFalse();
        } finally {
            executor.shutdownNow();
        }
    }

    /**
     * A waiter whose turn a kernel wait announces sleeps without a watch until its report look:
     * most waits end before it, and then never start the watch's threads nor wait to close it.
     */
    @Test
    @Timeout(120)
    void aKernelCoveredWaiterOpensNoWatchUntilItLooksToReport() throws Exception {
        Path queue = Files.createDirectory(tmp.resolve("queue"));
        Path tickets = Files.createDirectory(queue.resolve("tickets"));
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try (ChangeWaiter waiter = ChangeWaiter.on(queue, tickets)) {
            Future<?> covered = sleepIn(executor, waiter, (inTickets, created, name) -> ChangeWaiter.Wake.NOW, true);
            Files.createFile(tickets.resolve("5-5")); // unwatched: this wakes nobody
            covered.get(30, TimeUnit.SECONDS); // the report look, long before the 60 s
            assertThat(waiter.isOpen()).as("no watch opened by the sleep").isFalse();

            waiter.beginLook();
            assertThat(waiter.isOpen()).as("the report look opens it").isTrue();
            assertThat(waiter.isPaused()).isFalse();
            waiter.closeInBackground();
        } finally {
            executor.shutdownNow();
        }
    }

    /** A waiter nothing else will wake must not sleep unwatched: it opens the watch and looks once more. */
    @Test
    @Timeout(120)
    void aWaiterWithoutAKernelWaitOpensTheWatchBeforeItSleeps() throws Exception {
        Path queue = Files.createDirectory(tmp.resolve("queue"));
        Path tickets = Files.createDirectory(queue.resolve("tickets"));
        Files.createFile(tickets.resolve("1-1"));
        ExecutorService executor = Executors.newSingleThreadExecutor();
        ChangeWaiter.Relevance predecessor = (inTickets, created, name) -> name.equals("1-1")
                ? ChangeWaiter.Wake.NOW : ChangeWaiter.Wake.NO;
        try (ChangeWaiter waiter = ChangeWaiter.on(queue, tickets)) {
            sleepIn(executor, waiter, predecessor, false).get(30, TimeUnit.SECONDS); // back at once, to look again
            assertThat(waiter.isOpen()).isTrue();
            assertThat(waiter.isPaused()).isFalse();

            waiter.beginLook();
            Future<?> watched = sleepIn(executor, waiter, predecessor, false);
            Files.delete(tickets.resolve("1-1"));
            watched.get(30, TimeUnit.SECONDS);
        } finally {
            executor.shutdownNow();
        }
    }

    /** A paused watch hears of no change, so it cannot wait for one to close itself. */
    @Test
    @Timeout(120)
    void aPausedWatchClosesInItsOwnThreadWithoutWaitingForAChange() throws Exception {
        Path queue = Files.createDirectory(tmp.resolve("queue"));
        Path tickets = Files.createDirectory(queue.resolve("tickets"));
        try (ChangeWaiter waiter = ChangeWaiter.on(queue, tickets)) {
            waiter.beginLook();
            ExecutorService executor = Executors.newSingleThreadExecutor();
            Future<?> sleeper = sleepIn(executor, waiter, (inTickets, created, name) -> ChangeWaiter.Wake.NO, true);
            Files.createFile(tickets.resolve("7-7"));
            sleeper.get(30, TimeUnit.SECONDS);
            executor.shutdownNow();
            assertThat(waiter.isPaused()).isTrue();

            waiter.closeInBackground();

            await().atMost(Duration.ofSeconds(30)).until(waiter::isClosed);
            assertThat(waiter.closedBy()).isEqualTo("queue-lock file events");
        }
    }

    /** The waiter's sleep, in the executor's thread, with a 60 s timeout no test waits for. */
    private static Future<?> sleepIn(ExecutorService executor, ChangeWaiter waiter, ChangeWaiter.Relevance relevance,
            boolean kernelCovered) {
        return executor.submit(() -> {
            waiter.await(relevance, Duration.ofSeconds(60).toMillis(), kernelCovered);
            return null;
        });
    }
}

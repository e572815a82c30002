package dev.queuelock.file;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Sleeps until something the waiter cares about leaves the queue directory, or the fallback poll
 * interval passes.
 *
 * <p>A released lock or a withdrawn ticket is a file event, so a clean hand-off wakes the next
 * waiter at once instead of at its next poll (the npm tool sleeps 200 ms). Only deletions can let
 * a waiter move up, and only some: the caller says which ({@link Relevance}), so 32 waiters do not
 * all wake and re-read the queue on every ticket created or temp file linked. Waking less never
 * makes the lock less safe: every decision re-reads the queue; a missed change only waits for the
 * poll. A holder killed by {@code kill -9} makes no event; the poll interval bounds how late
 * that is noticed.
 */
final class ChangeWaiter implements AutoCloseable {

    /** Which deleted names wake the waiter. */
    interface Relevance {
        /**
         * @param inTickets true for a name in {@code tickets/}, false for one in the queue dir itself
         * @param name      the deleted (or renamed-away) entry
         */
        boolean matters(boolean inTickets, String name);
    }

    /** Every change matters: the behaviour before waiters said what they wait for. */
    static final Relevance ANY = (inTickets, name) -> true;

    private final WatchService watcher;
    private final WatchKey ticketsKey;
    private final Duration pollInterval;

    private ChangeWaiter(WatchService watcher, WatchKey ticketsKey, Duration pollInterval) {
        this.watcher = watcher;
        this.ticketsKey = ticketsKey;
        this.pollInterval = pollInterval;
    }

    static ChangeWaiter watching(Duration pollInterval, Path queueDir, Path ticketsDir) {
        WatchService watcher = null;
        WatchKey ticketsKey = null;
        try {
            watcher = queueDir.getFileSystem().newWatchService();
            // Deletions only (a rename away counts as one): nothing that appears lets a waiter move up.
            queueDir.register(watcher, StandardWatchEventKinds.ENTRY_DELETE);
            ticketsKey = ticketsDir.register(watcher, StandardWatchEventKinds.ENTRY_DELETE);
        } catch (IOException | UnsupportedOperationException e) {
            // Out of inotify instances, or no watch support: polling alone is still correct.
            closeQuietly(watcher);
            watcher = null;
        }
        return new ChangeWaiter(watcher, ticketsKey, pollInterval);
    }

    /** Returns after a relevant change in a watched directory, or after the poll interval. */
    void await(Relevance relevance) throws InterruptedException {
        if (watcher == null) {
            Thread.sleep(pollInterval.toMillis());
            return;
        }
        long deadline = System.nanoTime() + pollInterval.toNanos();
        try {
            while (true) {
                long left = deadline - System.nanoTime();
                WatchKey key = left <= 0 ? null : watcher.poll(left, TimeUnit.NANOSECONDS);
                if (key == null) {
                    return; // the fallback poll
                }
                boolean relevant = relevant(key, relevance);
                while (!relevant && (key = watcher.poll()) != null) {
                    relevant = relevant(key, relevance);
                }
                if (relevant) {
                    drain(); // one wake-up per burst
                    return;
                }
            }
        } catch (ClosedWatchServiceException e) {
            Thread.sleep(pollInterval.toMillis());
        }
    }

    private boolean relevant(WatchKey key, Relevance relevance) {
        boolean relevant = false;
        boolean inTickets = key == ticketsKey;
        for (WatchEvent<?> event : key.pollEvents()) {
            // OVERFLOW: events were lost, so anything may have happened.
            relevant |= event.kind() == StandardWatchEventKinds.OVERFLOW
                    || relevance.matters(inTickets, String.valueOf(event.context()));
        }
        key.reset();
        return relevant;
    }

    private void drain() {
        WatchKey key;
        while ((key = watcher.poll()) != null) {
            key.pollEvents();
            key.reset();
        }
    }

    @Override
    public void close() {
        closeQuietly(watcher);
    }

    private static void closeQuietly(WatchService watcher) {
        if (watcher != null) {
            try {
                watcher.close();
            } catch (IOException ignored) {
                // nothing to clean up beyond what close already did
            }
        }
    }
}

package dev.queuelock.file;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Sleeps until the queue directory changes or the fallback poll interval passes.
 *
 * <p>A released lock or a withdrawn ticket is a file event, so a clean hand-off wakes the next
 * waiter at once instead of at its next poll (the npm tool sleeps 200 ms). A holder killed by
 * {@code kill -9} makes no event; the poll interval bounds how late that is noticed.
 */
final class ChangeWaiter implements AutoCloseable {

    private final WatchService watcher;
    private final Duration pollInterval;

    private ChangeWaiter(WatchService watcher, Duration pollInterval) {
        this.watcher = watcher;
        this.pollInterval = pollInterval;
    }

    static ChangeWaiter watching(Duration pollInterval, Path... dirs) {
        WatchService watcher = null;
        try {
            watcher = dirs[0].getFileSystem().newWatchService();
            for (Path dir : dirs) {
                dir.register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_DELETE);
            }
        } catch (IOException | UnsupportedOperationException e) {
            // Out of inotify instances, or no watch support: polling alone is still correct.
            closeQuietly(watcher);
            watcher = null;
        }
        return new ChangeWaiter(watcher, pollInterval);
    }

    /** Returns after a change in a watched directory, or after the poll interval. */
    void await() throws InterruptedException {
        if (watcher == null) {
            Thread.sleep(pollInterval.toMillis());
            return;
        }
        try {
            WatchKey key = watcher.poll(pollInterval.toMillis(), TimeUnit.MILLISECONDS);
            while (key != null) {
                key.pollEvents();
                key.reset();
                key = watcher.poll(); // drain what else arrived: one wake-up per burst
            }
        } catch (ClosedWatchServiceException e) {
            Thread.sleep(pollInterval.toMillis());
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

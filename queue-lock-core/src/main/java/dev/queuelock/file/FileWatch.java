package dev.queuelock.file;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;

/**
 * The file events of one queue, for a {@link WaitForTurn}: deletions and creations in {@code tickets/}
 * while resumed, and deletions in the queue directory (the lock) once asked for. Opened at the
 * first call that needs it; events are read by a thread of its own that sleeps in the watch
 * service, so an idle waiter does no periodic work.
 */
final class FileWatch implements AutoCloseable {

    /** Where the events go; called on the watch's own thread. */
    interface Listener {
        /** A change: see {@link Turn#wakeFor}. */
        void changed(boolean inTickets, boolean created, String name);

        /** Events were lost: anything may have happened. */
        void overflowed();

        /** On the pump's thread, as {@link #closeInBackground()} retires the watch: end what else the wait had open. */
        void retiring();
    }

    private final Path queueDir;
    private final Path ticketsDir;
    private final Listener listener;
    /** Null until opened; then set once. */
    private volatile WatchService watcher;
    private Thread pump;
    /** Set when opening failed (out of inotify instances, no watch support): the sleeper polls instead. */
    private boolean unavailable;
    /** The watch on {@code tickets/}; null while paused. */
    private WatchKey ticketsKey;
    /** The watch on the queue directory, once asked for ({@link #watchLock()}). */
    private volatile WatchKey lockKey;
    /** Set by {@link #closeInBackground()}: the pump closes the watch itself. */
    private volatile boolean retired;
    private boolean closed;

    FileWatch(Path queueDir, Path ticketsDir, Listener listener) {
        this.queueDir = queueDir;
        this.ticketsDir = ticketsDir;
        this.listener = listener;
    }

    /**
     * Watches {@code tickets/} (again): deletions, as only what goes lets a waiter move up (a
     * rename away counts as one), and creations, as a ticket appearing ahead is a re-enrollment
     * that sets the waiter back.
     *
     * @return false if the watch could not be registered although the service is there (e.g.
     *         {@code tickets/} removed under us): the caller looks again soon
     */
    synchronized boolean resume() {
        if (ticketsKey != null || !open()) {
            return true;
        }
        try {
            ticketsKey = ticketsDir.register(watcher, StandardWatchEventKinds.ENTRY_DELETE,
                    StandardWatchEventKinds.ENTRY_CREATE);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /** Stops watching {@code tickets/} until {@link #resume()}. */
    synchronized void pause() {
        if (ticketsKey != null) {
            ticketsKey.cancel();
            ticketsKey = null;
        }
    }

    /** Whether {@code tickets/} is unwatched (paused, or never opened) though a watch could be had. */
    synchronized boolean isPaused() {
        return !unavailable && ticketsKey == null;
    }

    /** False once file events turned out unavailable: then only polling sees a change. */
    synchronized boolean available() {
        return !unavailable;
    }

    /**
     * Also reports the lock file's going. Only a first-in-line waiter the kernel cannot wake needs
     * this: every release and take changes the queue directory, and every waiter watching it would
     * wake at the very moment of every hand-off.
     *
     * @return true if the watch began now: look again, as a release just before it is not reported
     */
    synchronized boolean watchLock() throws IOException {
        if (lockKey != null || !open()) {
            return false;
        }
        lockKey = queueDir.register(watcher, StandardWatchEventKinds.ENTRY_DELETE);
        return true;
    }

    /** Opens the watch service and starts its pump, once; false if there is none to be had. */
    private boolean open() {
        if (watcher != null) {
            return true;
        }
        if (unavailable || closed) {
            return false;
        }
        try {
            watcher = queueDir.getFileSystem().newWatchService();
        } catch (IOException | UnsupportedOperationException e) {
            unavailable = true;
            return false;
        }
        pump = new Thread(this::pump, "queue-lock file events");
        pump.setDaemon(true);
        pump.start();
        return true;
    }

    private void pump() {
        try {
            while (!retired) {
                WatchKey key = watcher.take();
                boolean inTickets = key != lockKey;
                for (WatchEvent<?> event : key.pollEvents()) {
                    if (event.kind() == StandardWatchEventKinds.OVERFLOW) {
                        listener.overflowed();
                    } else {
                        listener.changed(inTickets, event.kind() == StandardWatchEventKinds.ENTRY_CREATE,
                                String.valueOf(event.context()));
                    }
                }
                key.reset();
            }
        } catch (ClosedWatchServiceException | InterruptedException e) {
            // closed, or retired
        }
        if (retired) {
            listener.retiring();
            close();
        }
    }

    /**
     * Closes the watch on its own thread, not the caller's: closing an inotify instance waits out a
     * kernel grace period, which a waiter that just took the lock must not spend before returning.
     * {@link #close()} stays the safety net.
     */
    void closeInBackground() {
        synchronized (this) {
            if (pump != null) {
                retired = true;
                pump.interrupt();
                return;
            }
            closed = true; // never opened: nothing to wait for
        }
        listener.retiring(); // no pump to hand it to
    }

    @Override
    public void close() {
        WatchService opened;
        synchronized (this) {
            closed = true; // and open() opens none from now on
            opened = watcher;
        }
        if (opened != null) { // outside the monitor: it waits out the kernel's grace period
            try {
                opened.close();
            } catch (IOException ignored) {
                // nothing to clean up beyond what close already did
            }
        }
    }
}

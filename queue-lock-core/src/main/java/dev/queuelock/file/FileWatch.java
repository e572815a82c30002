package dev.queuelock.file;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystem;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;

/**
 * The kernel's file events (inotify on Linux) of some directories: the one wrapper of the JDK's
 * watch service, for a waiter ({@link WaitForTurn}: {@code tickets/} while resumed, the lock once
 * asked for) and for a reader that shows what is on disk ({@link DirectoryEvents}). Opened at the
 * first call that needs it; events are read by a thread of its own that sleeps in the watch
 * service, so a watcher does no periodic work, and go to a {@link Listener} as they come.
 */
public final class FileWatch implements AutoCloseable {

    /** Where the events go; called on the watch's own thread. */
    public interface Listener {
        /** An entry {@code name} of {@code dir} appeared, went (or was renamed away), or was modified: {@code kind}. */
        void changed(Path dir, WatchEvent.Kind<?> kind, String name);

        /** Events were lost: anything may have happened. */
        void overflowed();

        /** {@code dir} is no longer watched: it went. */
        default void ended(Path dir) {
        }

        /** On the pump's thread, as {@link #closeInBackground()} retires the watch: end what else the watcher had open. */
        default void retiring() {
        }
    }

    /** One directory's watch, started, paused and resumed as its watcher needs. */
    public final class Dir {
        private final Path path;
        private final WatchEvent.Kind<?>[] kinds;
        /** Null while paused. */
        private WatchKey key;

        private Dir(Path path, WatchEvent.Kind<?>[] kinds) {
            this.path = path;
            this.kinds = kinds;
        }

        /**
         * Watches the directory from now on.
         *
         * @return true if the watch began now (a change just before it is not reported); false if it
         *         was on, or no watch can be had
         */
        public boolean start() throws IOException {
            synchronized (FileWatch.this) {
                if (key != null || !open()) {
                    return false;
                }
                key = path.register(service, kinds);
                return true;
            }
        }

        /** {@link #start()}, for a watcher that looks again soon if it fails: false if the directory could not be watched (e.g. removed). */
        public boolean resume() {
            try {
                start();
                return true;
            } catch (IOException | RuntimeException e) {
                return false;
            }
        }

        /** Stops watching until {@link #resume()}. */
        public void pause() {
            synchronized (FileWatch.this) {
                if (key != null) {
                    key.cancel();
                    key = null;
                }
            }
        }

        /** Whether unwatched (paused, or never started) though a watch could be had. */
        public boolean isPaused() {
            synchronized (FileWatch.this) {
                return !unavailable && key == null;
            }
        }
    }

    private final FileSystem fileSystem;
    private final String thread;
    private final Listener listener;
    /** Null until opened; then set once. */
    private volatile WatchService service;
    private Thread pump;
    /** Set when opening failed (out of inotify instances, no watch support): the watcher polls instead. */
    private boolean unavailable;
    /** Set by {@link #closeInBackground()}: the pump closes the watch itself. */
    private volatile boolean retired;
    private boolean closed;

    /**
     * @param any    a path on the file system to watch
     * @param thread the name of the thread that reads the events
     */
    public FileWatch(Path any, String thread, Listener listener) {
        this.fileSystem = any.getFileSystem();
        this.thread = thread;
        this.listener = listener;
    }

    /** A watch of {@code dir} for these kinds of events, not started yet. */
    public Dir dir(Path dir, WatchEvent.Kind<?>... kinds) {
        return new Dir(dir, kinds);
    }

    /** False once file events turned out unavailable: then only polling sees a change. */
    synchronized boolean available() {
        return !unavailable;
    }

    /** Opens the watch service and starts its pump, once; false if there is none to be had. */
    synchronized boolean open() {
        if (service != null) {
            return true;
        }
        if (unavailable || closed) {
            return false;
        }
        try {
            service = fileSystem.newWatchService();
        } catch (IOException | UnsupportedOperationException e) {
            unavailable = true;
            return false;
        }
        pump = new Thread(this::pump, thread);
        pump.setDaemon(true);
        pump.start();
        return true;
    }

    private void pump() {
        try {
            while (!retired) {
                WatchKey key = service.take();
                Path dir = (Path) key.watchable();
                for (WatchEvent<?> event : key.pollEvents()) {
                    if (event.kind() == StandardWatchEventKinds.OVERFLOW) {
                        listener.overflowed();
                    } else {
                        listener.changed(dir, event.kind(), String.valueOf(event.context()));
                    }
                }
                if (!key.reset()) {
                    listener.ended(dir);
                }
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
            opened = service;
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

package dev.queuelock.maven.extension;

import dev.queuelock.process.Processes;
import java.util.Optional;

/**
 * While a build in an mvnd daemon waits for the build lock: whether the client that started it is
 * still there. A client killed while its build waits leaves the daemon running that build for
 * nobody (mvnd notices only when the build ends), so the watch looks every second whether the
 * daemon still has its client's connection ({@link Processes#servesAConnection}) and, once it has
 * not, interrupts the wait: the build leaves the queue. Outside mvnd, or where the daemon's
 * connections cannot be told (a Unix-socket daemon), it watches nothing.
 */
final class MvndClientWatch implements AutoCloseable {

    private static final long EVERY_MILLIS = 1000;
    private static final MvndClientWatch NONE = new MvndClientWatch(null);

    private final Thread waiting;
    private Thread watcher;
    private boolean closed;
    private boolean gone;

    /** A watch of {@code waiting}'s wait that nothing runs yet: {@link #whileWaiting()} starts the one that looks. */
    MvndClientWatch(Thread waiting) {
        this.waiting = waiting;
    }

    /** Watches for the current thread's wait, under mvnd; call {@link #close()} when the wait ends. */
    static MvndClientWatch whileWaiting() {
        if (System.getProperty("mvnd.home") == null || "unix".equals(System.getProperty("mvnd.socketFamily"))) {
            return NONE;
        }
        MvndClientWatch watch = new MvndClientWatch(Thread.currentThread());
        Thread watcher = new Thread(watch::watch, "queue-lock mvnd client watch");
        watcher.setDaemon(true);
        watch.watcher = watcher;
        watcher.start();
        return watch;
    }

    private void watch() {
        try {
            while (true) {
                Thread.sleep(EVERY_MILLIS);
                Optional<Boolean> connected = Processes.current().servesAConnection();
                synchronized (this) {
                    if (closed) {
                        return;
                    }
                    if (connected.isPresent() && !connected.get()) {
                        clientHasGone();
                        return;
                    }
                }
            }
        } catch (InterruptedException e) {
            // closed: the wait is over
        }
    }

    /** The client has gone: the wait is interrupted, unless it is over already. */
    synchronized void clientHasGone() {
        if (!closed) {
            gone = true;
            waiting.interrupt();
        }
    }

    /** Whether the wait was interrupted because the client has gone. */
    synchronized boolean clientGone() {
        return gone;
    }

    /** On the waiting thread, once the wait ends: stops watching, and clears an interrupt of ours that came too late. */
    @Override
    public void close() {
        Thread toStop;
        synchronized (this) {
            if (waiting == null || closed) {
                return;
            }
            closed = true;
            toStop = watcher;
            if (gone) {
                Thread.interrupted();
            }
        }
        if (toStop != null) {
            toStop.interrupt();
        }
    }
}

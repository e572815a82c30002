package dev.queuelock.file;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchEvent;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Sleeps until something the waiter cares about changes in the queue directory, the kernel grants a
 * lock it waits on ({@link #wakeup()}), or its timeout passes.
 *
 * <p>A released lock or a withdrawn ticket is a file event, so a clean hand-off wakes the next
 * waiter at once. Only deletions can let a waiter move up, and only some: the caller says which
 * ({@link Relevance}), so 32 waiters do not all wake and re-read the queue on every hand-off.
 * Deletions that only change what a waiter reports (a ticket further ahead) wake it a little later,
 * once per burst. Waking less never makes the lock less safe: every decision re-reads the queue.
 * Events are read by a thread of their own that sleeps in the watch service: an idle waiter does
 * no periodic work.
 *
 * <p>The watch opens at the first look that needs it, not with the waiter: one whose turn a kernel
 * wait announces first sleeps without it ({@link #await}), so a short wait (the usual one) never
 * starts the watch's two threads nor pays for closing it.
 */
final class ChangeWaiter implements AutoCloseable {

    /** How late a waiter updates what it reports after a change that cannot move it up. */
    static final long REPORT_DELAY_NANOS = TimeUnit.MILLISECONDS.toNanos(500);

    /** What a deletion means to the waiter. */
    enum Wake { NOW, LATER, NO }

    /** Which changes wake the waiter. */
    interface Relevance {
        /**
         * @param inTickets true for a name in {@code tickets/}, false for one in the queue dir itself
         * @param created   true for a ticket that appeared, false for an entry deleted (or renamed away)
         * @param name      the entry
         */
        Wake of(boolean inTickets, boolean created, String name);
    }

    /** Every change matters at once. */
    static final Relevance ANY = (inTickets, created, name) -> Wake.NOW;

    /** More deletions than this during one look: treat it as "anything may have happened". */
    private static final int MAX_RECENT = 4096;

    /** Null until the watch opens; then set once. */
    private volatile WatchService watcher;
    /** Reads the watch's events; null until it opens. */
    private Thread pump;
    /** Set when opening the watch failed (out of inotify instances, no watch support): poll instead. */
    private boolean unavailable;
    private final Path queueDir;
    private final Path ticketsDir;
    /** The watch on {@code tickets/}; null while paused ({@link #pauseUntilNextLook()}). */
    private WatchKey ticketsKey;
    /** The watch on the queue directory (the lock), once asked for; everything else is a ticket. */
    private volatile WatchKey lockKey;
    /** Whether the sleeper's own decisions are covered by a kernel wait, so the watch may pause. */
    private boolean pausable;
    /** Whether the last sleep ended by a signal (a kernel grant, a relevant change), not a timer. */
    private boolean signalled;
    private final Wakeup wakeup = new Wakeup();
    /** Changes since the current look began, judged again by the relevance of the sleep that follows. */
    private final List<Change> recent = new ArrayList<>();
    /** The sleeper's relevance; null while it looks (deletions are then only recorded). */
    private Relevance relevance;
    private boolean overflow;
    /** Set by {@link #closeInBackground()}: the pump closes the watch itself. */
    private volatile boolean retired;
    private volatile boolean closed;
    private String closedBy;

    private ChangeWaiter(Path queueDir, Path ticketsDir) {
        this.queueDir = queueDir;
        this.ticketsDir = ticketsDir;
    }

    /** A waiter on the queue; its watch is paused until a look opens it ({@link #beginLook()}, {@link #await}). */
    static ChangeWaiter on(Path queueDir, Path ticketsDir) {
        return new ChangeWaiter(queueDir, ticketsDir);
    }

    /** Opens the watch service and starts its pump, once; false if there is none to be had. */
    private synchronized boolean open() {
        if (watcher != null) {
            return true;
        }
        if (unavailable || closed) {
            return false;
        }
        try {
            watcher = queueDir.getFileSystem().newWatchService();
        } catch (IOException | UnsupportedOperationException e) {
            unavailable = true; // out of inotify instances, or no watch support: the caller polls instead
            return false;
        }
        pump = new Thread(this::pump, "queue-lock file events");
        pump.setDaemon(true);
        pump.start();
        return true;
    }

    /**
     * Also wakes the waiter when the lock file goes. Only a first-in-line waiter that cannot block
     * on the holder's OS lock needs this (the npm tool, a holder in this JVM): every release and
     * take changes the queue directory, and N waiters all watching it made N JVMs wake two threads
     * each at the very moment of every hand-off.
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

    /** Whether the watch on {@code tickets/} is paused (or not yet open) until the next look. */
    synchronized boolean isPaused() {
        return !unavailable && ticketsKey == null;
    }

    /** Whether the watch service is open (it opens at the first look that needs it). */
    boolean isOpen() {
        return watcher != null;
    }

    /** False once file events turned out unavailable: then only polling sees a release. */
    synchronized boolean canWatch() {
        return !unavailable;
    }

    /** What wakes the sleeper; kernel lock grants and release() signal it too. */
    Wakeup wakeup() {
        return wakeup;
    }

    /**
     * Call as a look at the queue begins: what happened before is what the look will see. A paused
     * watch resumes first, so no change after the look's reading goes unseen - unless the waiter
     * was signalled (its turn may have come): then the look goes first, and the watch resumes only
     * if it is to sleep again ({@link #await}), as resuming costs a round trip to the JDK's watch
     * thread that a hand-off would wait for.
     */
    synchronized void beginLook() {
        recent.clear();
        overflow = false;
        relevance = null;
        wakeup.clear();
        if (!signalled) {
            resume();
        }
    }

    /**
     * Sleeps until a relevant deletion since {@link #beginLook()}, a {@link #wakeup()} signal, or
     * the timeout.
     *
     * <p>A paused watch (the look began signalled, or the watch never opened) stays paused for a
     * kernel-covered sleeper, which looks again within the report delay anyway; any other sleeper
     * resumes it and returns at once, to look once more, now watched.
     *
     * @param timeoutMillis {@code Long.MAX_VALUE}: no timeout
     * @param kernelCovered true when a kernel wait wakes the sleeper for everything that can let it
     *                      move up: then any other change pauses the watch ({@link #pauseUntilNextLook()})
     */
    void await(Relevance relevance, long timeoutMillis, boolean kernelCovered) throws InterruptedException {
        synchronized (this) {
            if (isPaused()) {
                if (kernelCovered) {
                    wakeup.within(REPORT_DELAY_NANOS);
                } else {
                    resume();
                    signalled = false;
                    if (!isPaused()) {
                        return;
                    }
                }
            }
            this.relevance = relevance;
            this.pausable = kernelCovered;
            if (overflow) {
                wakeup.now();
            }
            for (Change change : recent) {
                react(relevance.of(change.inTickets, change.created, change.name));
            }
        }
        boolean bySignal = wakeup.await(timeoutMillis);
        synchronized (this) {
            signalled = bySignal;
        }
    }

    /**
     * Closes the watch from the pump's thread, not the caller's: closing an inotify instance waits
     * out a kernel grace period (about 10 ms on this kind of machine), and a waiter that just took
     * the lock must not spend that before returning. The pump is interrupted out of its wait, which
     * costs the caller far less than starting a thread to close it (0.6 ms of p50 at N = 2 and 8).
     * {@link #close()} stays the safety net.
     */
    synchronized void closeInBackground() {
        if (pump == null) {
            close(); // never opened: nothing to wait for
            return;
        }
        retired = true;
        pump.interrupt();
    }

    private void pump() {
        try {
            while (!retired) {
                WatchKey key = watcher.take();
                boolean inTickets = key != lockKey;
                for (WatchEvent<?> event : key.pollEvents()) {
                    changed(inTickets, event);
                }
                key.reset();
            }
        } catch (ClosedWatchServiceException | InterruptedException e) {
            // closed, or retired
        }
        if (retired) {
            close();
        }
    }

    private synchronized void changed(boolean inTickets, WatchEvent<?> event) {
        if (event.kind() == StandardWatchEventKinds.OVERFLOW || recent.size() >= MAX_RECENT) {
            overflow = true; // events were lost, so anything may have happened
            wakeup.now();
            return;
        }
        String name = String.valueOf(event.context());
        boolean created = event.kind() == StandardWatchEventKinds.ENTRY_CREATE;
        recent.add(new Change(inTickets, created, name));
        if (relevance != null) {
            react(relevance.of(inTickets, created, name));
        }
    }

    private void react(Wake wake) {
        if (wake == Wake.NOW) {
            wakeup.now();
        } else if (pausable) {
            pauseUntilNextLook();
        } else if (wake == Wake.LATER) {
            wakeup.within(REPORT_DELAY_NANOS);
        }
    }

    private void resume() {
        if (ticketsKey == null && open()) {
            try {
                // Deletions (a rename away counts as one): only what goes lets a waiter move up.
                // Tickets that appear too: one ahead of the waiter is a re-enrollment that sets it
                // back. The queue directory itself (the lock) only on demand: see watchLock().
                ticketsKey = ticketsDir.register(watcher, StandardWatchEventKinds.ENTRY_DELETE,
                        StandardWatchEventKinds.ENTRY_CREATE);
            } catch (IOException | RuntimeException e) {
                // e.g. tickets/ removed under us: the look re-enrolls; try again then
                wakeup.within(REPORT_DELAY_NANOS);
            }
        }
    }

    /**
     * Stops watching {@code tickets/} until the next look, which comes within the report delay.
     * Every enrollment and hand-off changes {@code tickets/}, and with N waiters watching, each
     * change woke two threads in each of N JVMs: 32 waiters spent more CPU on that than the
     * hand-off itself. A waiter whose moving up the kernel announces needs the watch only to
     * update what it reports (and to notice its own ticket vanishing), so after one change it looks
     * again a little later instead of being told of each. Only while the sleeper is kernel-covered.
     */
    private void pauseUntilNextLook() {
        if (ticketsKey != null) {
            ticketsKey.cancel();
            ticketsKey = null;
        }
        wakeup.within(REPORT_DELAY_NANOS);
    }

    private static final class Change {
        final boolean inTickets;
        final boolean created;
        final String name;

        Change(boolean inTickets, boolean created, String name) {
            this.inTickets = inTickets;
            this.created = created;
            this.name = name;
        }
    }

    @Override
    public void close() {
        WatchService opened;
        synchronized (this) {
            if (!closed) {
                closedBy = Thread.currentThread().getName();
            }
            closed = true; // and open() opens none from now on
            opened = watcher;
        }
        closeQuietly(opened); // outside the monitor: it waits out the kernel's grace period
    }

    boolean isClosed() {
        return closed;
    }

    /** The name of the thread that closed the watch (for tests: a taker must not wait for it). */
    synchronized String closedBy() {
        return closedBy;
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

package dev.queuelock.spi;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.QueueLockException;

/**
 * The lifecycle every backend's lock shares, written once: a backend fills in {@link #doAcquire}
 * (enroll, wait its turn, take) and {@link #doRelease} (give back what that took or enrolled), and
 * this class keeps the rest.
 *
 * <ul>
 *   <li><b>Re-entry.</b> A second {@link #acquire} on one instance while it waits or holds fails
 *       with {@link IllegalStateException}; a lock is one waiter or one holder at a time.</li>
 *   <li><b>Shutdown hook.</b> Installed for the wait and the hold when
 *       {@link AcquireOptions#releaseAtExit()} asks for it, removed once the lock is released or
 *       the wait fails, so Ctrl-C, SIGTERM or a plain exit gives the queue back.</li>
 *   <li><b>Abandoning.</b> {@link #release()} during a wait (a shutdown hook, another thread)
 *       wakes the waiter ({@link #wakeWaiter()}); its next {@link #checkWaiting()} throws, and a
 *       take that raced with the release is given back, never kept: the caller sees
 *       {@link InterruptedException}.</li>
 *   <li><b>The on-taken action</b> ({@link AcquireOptions#runOnTaken()}) runs first once the lock is
 *       held, before the backend's own tidying ({@link #afterTake()}); if it throws, the lock is
 *       released and the exception leaves {@code acquire}.</li>
 * </ul>
 */
public abstract class QueueLockSupport implements QueueLock {

    private enum State { IDLE, WAITING, HELD }

    private final String queue;
    private final ShutdownHook releaseAtExit;
    /** Guarded by this object's monitor. */
    private State state = State.IDLE;
    private volatile boolean held;
    private volatile boolean abandoned;

    /** @param queue what the messages and the shutdown hook's thread call the queue (a path, a znode) */
    protected QueueLockSupport(String queue) {
        this.queue = queue;
        this.releaseAtExit = new ShutdownHook("queue-lock release " + queue);
    }

    /**
     * Waits in the queue and takes the lock, returning once this process has taken it. Called
     * with the re-entry guard passed and the shutdown hook installed. Call {@link #checkWaiting()}
     * after every wake-up. If this throws, {@link #doRelease()} runs next.
     *
     * @throws InterruptedException as {@link #checkWaiting()} throws it
     */
    protected abstract void doAcquire(AcquireOptions options) throws InterruptedException;

    /**
     * Gives back the lock if {@link #doAcquire} took it and leaves the queue. Idempotent; may run on
     * any thread (a shutdown hook), concurrently with itself and with a {@code doAcquire} that is
     * being abandoned.
     */
    protected abstract void doRelease();

    /** Ends the sleep of a {@code doAcquire} on another thread, so it sees {@link #checkWaiting()} throw. */
    protected void wakeWaiter() {
    }

    /**
     * Whether this backend can place a waiter of high priority ahead of ordinary ones
     * ({@link AcquireOptions#withHighPriority}); one that cannot refuses such an acquire before it enrolls.
     */
    protected boolean placesByPriority() {
        return false;
    }

    /** Tidying after a take, once held and after the on-taken action (the file queue withdraws its ticket). */
    protected void afterTake() {
    }

    /**
     * Throws if the waiting thread was interrupted or {@link #release()} gave the wait up; call
     * it at the top of every turn of the wait loop.
     */
    protected final void checkWaiting() throws InterruptedException {
        if (Thread.interrupted() || abandoned) {
            throw new InterruptedException((abandoned ? "released" : "interrupted") + " while waiting for " + queue);
        }
    }

    @Override
    public final void acquire(AcquireOptions options) throws InterruptedException {
        if (options.highPriority() && !placesByPriority()) {
            throw new QueueLockException("the queue " + queue + " serves its waiters in arrival order only: its backend cannot"
                    + " place a waiter ahead of others; queue without priority");
        }
        synchronized (this) {
            if (state != State.IDLE) {
                throw new IllegalStateException("this lock is already held or being acquired: " + queue);
            }
            state = State.WAITING;
            abandoned = false;
        }
        boolean taken = false;
        try {
            if (options.releaseAtExit()) {
                releaseAtExit.install();
            }
            doAcquire(options);
            taken = true;
        } finally {
            if (!taken) {
                giveUp();
            }
        }
        holdUnlessAbandoned();
        try {
            options.runOnTaken();
        } catch (RuntimeException e) {
            release();
            throw e;
        }
        afterTake();
    }

    /** Takes up the lock just taken, unless release() gave the wait up meanwhile: then gives it back. */
    private void holdUnlessAbandoned() throws InterruptedException {
        synchronized (this) {
            if (!abandoned) {
                state = State.HELD;
                held = true;
                return;
            }
        }
        giveUp();
        throw new InterruptedException("released while waiting for " + queue);
    }

    private void giveUp() {
        doRelease();
        synchronized (this) {
            state = State.IDLE;
        }
        releaseAtExit.remove();
    }

    /** Gives the lock up (if held) and leaves the queue; during a wait, gives the wait up. Idempotent. */
    @Override
    public final void release() {
        boolean waiting;
        synchronized (this) {
            waiting = state == State.WAITING;
            if (waiting) {
                abandoned = true; // the waiting thread leaves, and sets the state back itself
            } else {
                state = State.IDLE;
            }
            held = false;
        }
        if (waiting) {
            wakeWaiter();
        }
        doRelease();
        releaseAtExit.remove();
    }

    /** Whether this instance holds the lock: from a take that stood until {@link #release()}. */
    @Override
    public boolean isHeld() {
        return held;
    }

    /**
     * The JVM shutdown hook that releases the lock while it waits or holds, so Ctrl-C, SIGTERM or
     * a plain exit gives the queue back. Its own class rather than a method reference: every
     * process that takes the lock builds one, and a cold JVM links each reference at a cost.
     */
    private final class ShutdownHook implements Runnable {
        private final String name;
        private Thread hook;

        ShutdownHook(String name) {
            this.name = name;
        }

        @Override
        public void run() {
            release();
        }

        synchronized void install() {
            if (hook == null) {
                hook = new Thread(this, name);
                Runtime.getRuntime().addShutdownHook(hook);
            }
        }

        synchronized void remove() {
            if (hook != null && Thread.currentThread() != hook) {
                try {
                    Runtime.getRuntime().removeShutdownHook(hook);
                } catch (IllegalStateException shuttingDown) {
                    // the hook is running or about to: it releases
                }
            }
            hook = null;
        }
    }
}

package dev.queuelock;

/**
 * A named, machine-wide FIFO mutex shared by every working tree of one repository.
 *
 * <p>One queue name is one independent mutex: "build" and "land" never contend. Waiters are
 * served in the order they enrolled; a holder that dies (even by {@code kill -9}) is replaced by
 * the next waiter without any timeout; a live holder is never forced out, only reported.
 *
 * <p>Use it with try-with-resources: {@link #close()} is {@link #release()}.
 */
public interface QueueLock extends AutoCloseable {

    /**
     * Blocks until this process holds the lock, reporting queue progress to the options' listener.
     * A waiter interrupted here leaves the queue (its ticket is removed) before the exception
     * propagates.
     *
     * @throws InterruptedException if the calling thread is interrupted while waiting, or
     *         {@link #release()} is called from another thread (a shutdown hook) before the lock is taken
     * @throws QueueLockException if the queue directory is unsafe or unusable
     */
    void acquire(AcquireOptions options) throws InterruptedException;

    /** Gives the lock up (if held) and leaves the queue. Idempotent; also runs at JVM shutdown. */
    void release();

    /** Who this lock acts for, the lane name as the npm tool's record calls it: by default the name of
     * the working tree's directory. */
    String lane();

    /** Whether this instance holds the lock right now. */
    boolean isHeld();

    /**
     * Runs, while idle, what a later take will run (for a process that takes once in its life and
     * can spare a thread for it); does nothing by default.
     */
    default void warmUp() {
    }

    /**
     * Whether someone holds the lock or waits for it just now: a hint for getting ready before
     * joining the line, stale as soon as it is read. False when the backend cannot tell cheaply.
     */
    default boolean looksBusy() {
        return false;
    }

    /** Same as {@link #release()}, so a lock can guard a try-with-resources block. */
    @Override
    default void close() {
        release();
    }
}

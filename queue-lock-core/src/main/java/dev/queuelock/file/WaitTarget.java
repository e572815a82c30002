package dev.queuelock.file;

import java.io.IOException;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * What one waiter waits on between looks: the participant just ahead of it (the holder once it is
 * first in line), and how long it may sleep before looking again.
 *
 * <ul>
 *   <li>a participant that OS-locks its file: a {@link KernelWait} on it, and no timeout at all -
 *       the kernel wakes us when it withdraws, releases or dies;</li>
 *   <li>one of this JVM: its going is always a file deletion (it cannot die without us);</li>
 *   <li>one without an OS lock (the npm tool, older versions): the fallback poll, judged by pid.</li>
 * </ul>
 * A granted wait whose participant still looks alive means it is exiting (the kernel drops locks
 * before the pid goes) or lost its lock: then we look again soon, backing off to the poll.
 */
final class WaitTarget implements AutoCloseable {

    /** No timeout. */
    static final long FOREVER = Long.MAX_VALUE;

    private final Wakeup wakeup;
    private final long self;
    private final long pollMillis;
    private final BooleanSupplier watching;
    private KernelWait current;
    private long backoffMillis;

    /**
     * @param watching whether file events reach the waiter (without them, it must poll for
     *                 deletions, e.g. its own vanished ticket)
     */
    WaitTarget(Wakeup wakeup, long selfPid, Duration poll, BooleanSupplier watching) {
        this.wakeup = wakeup;
        this.self = selfPid;
        this.pollMillis = Math.max(1, poll.toMillis());
        this.watching = watching;
    }

    /**
     * Waits on {@code target} from now on (keeping a wait already on its file).
     *
     * @param target the participant ahead; null if there is none to wait on
     * @return how long the waiter may sleep before it must look again, {@link #FOREVER} for no limit
     */
    long arm(Participant target) throws IOException {
        long untilEvent = watching.getAsBoolean() ? FOREVER : pollMillis;
        if (target == null) {
            stop();
            return pollMillis;
        }
        if (target.record().pid() == self) {
            stop();
            return untilEvent;
        }
        if (!target.osLocked()) {
            stop();
            return pollMillis;
        }
        Object key = OwnFiles.keyOf(target.file());
        if (key == null) {
            stop();
            return 0; // gone since we read it: look again
        }
        if (current != null && key.equals(current.key())) {
            switch (current.state()) {
                case PENDING:
                    return untilEvent;
                case FAILED:
                    return pollMillis;
                default:
                    return backOff();
            }
        }
        long backoff = backoffMillis;
        stop();
        current = KernelWait.on(target.file(), wakeup::now);
        if (current == null) {
            // Gone, replaced or not yet locked since we read it: look again soon, backing off to the poll.
            backoffMillis = backoff;
            return backOff();
        }
        return untilEvent;
    }

    /** Whether the kernel will wake the waiter when the participant it waits on goes. */
    boolean kernelWaiting() {
        return current != null && current.state() == KernelWait.State.PENDING;
    }

    private long backOff() {
        backoffMillis = Math.min(pollMillis, backoffMillis == 0 ? 1 : backoffMillis * 2);
        return backoffMillis;
    }

    private void stop() {
        if (current != null) {
            current.close();
            current = null;
        }
        backoffMillis = 0;
    }

    @Override
    public void close() {
        stop();
    }
}

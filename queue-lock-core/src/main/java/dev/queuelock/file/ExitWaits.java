package dev.queuelock.file;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The process-exit wake-up of one {@link WaitForTurn}: a shared OS lock requested on the file of
 * each participant waited on (the ticket ahead, or every slot's holder), kept across looks while the
 * file is the same inode, so a release, withdrawal or death wakes the waiter at once. Decides how
 * long a sleep may last when a participant cannot be waited on so (the npm tool's, no OS lock, or a
 * lock granted while its owner still looks alive). Only the waiting thread arms and stops them.
 */
final class ExitWaits implements AutoCloseable {

    private final FileWatch watch;
    private final Wakeup wakeup;
    private final long self;
    private final long pollMillis;
    /** By file. */
    private final Map<Path, KernelWait> kernels = new HashMap<>();
    /** The kernel waits of the last {@link #arm}, if one covers every participant it waits on; else empty. */
    private volatile List<KernelWait> covering = List.of();
    private long backoffMillis;

    ExitWaits(FileWatch watch, Wakeup wakeup, long selfPid, long pollMillis) {
        this.watch = watch;
        this.wakeup = wakeup;
        this.self = selfPid;
        this.pollMillis = pollMillis;
    }

    /**
     * Waits on {@code targets} from now on, keeping the kernel waits already on their files and
     * ending the others.
     *
     * @return how long the waiter may sleep before it must look again, {@link Sleeper#FOREVER} for no limit
     */
    long arm(List<Ticket> targets) throws IOException {
        Map<Path, KernelWait> kept = new HashMap<>();
        long sleep = WaitForTurn.FOREVER;
        boolean covered = !targets.isEmpty();
        for (Ticket target : targets) {
            sleep = Math.min(sleep, armOne(target, kept));
            KernelWait wait = kept.get(target.file());
            covered &= wait != null && wait.state() == KernelWait.State.PENDING;
        }
        stop(); // what no target waits on any more
        kernels.putAll(kept);
        covering = covered ? List.copyOf(kept.values()) : List.of();
        return sleep;
    }

    /** Arms the wait on one target; its kernel wait, if any, moves from {@link #kernels} to {@code kept}. */
    private long armOne(Ticket target, Map<Path, KernelWait> kept) throws IOException {
        long untilEvent = watch.available() ? WaitForTurn.FOREVER : pollMillis;
        KernelWait kernel = kernels.remove(target.file());
        if (target.pid() == self || !target.osLocked()) {
            close(kernel);
            return target.pid() == self ? untilEvent : pollMillis;
        }
        Object key = OwnFiles.keyOf(target.file());
        if (key == null) {
            close(kernel);
            return 0; // gone since we read it: look again
        }
        if (kernel != null && key.equals(kernel.key())) {
            kept.put(target.file(), kernel);
            switch (kernel.state()) {
                case PENDING:
                    return untilEvent;
                case FAILED:
                    return pollMillis;
                default:
                    // Granted, yet it looked alive: exiting (the kernel drops locks before the pid
                    // goes) or it lost its lock. Look again soon, backing off to the poll.
                    return backOff();
            }
        }
        close(kernel);
        KernelWait started = KernelWait.on(target.file(), wakeup::now);
        if (started == null) {
            return backOff(); // gone, replaced or not yet locked since we read it
        }
        backoffMillis = 0;
        kept.put(target.file(), started);
        return untilEvent;
    }

    /** Whether the kernel will wake the waiter when any participant it waits on goes (none has yet). */
    boolean covered() {
        List<KernelWait> waits = covering;
        return !waits.isEmpty() && waits.stream().allMatch(wait -> wait.state() == KernelWait.State.PENDING);
    }

    /** Ends every kernel wait; also from the file watch's thread as it retires, so once at a time. */
    synchronized void stop() {
        for (KernelWait kernel : kernels.values()) {
            kernel.close();
        }
        kernels.clear();
        covering = List.of();
    }

    @Override
    public void close() {
        stop();
    }

    private long backOff() {
        backoffMillis = Math.min(pollMillis, backoffMillis == 0 ? 1 : backoffMillis * 2);
        return backoffMillis;
    }

    private static void close(KernelWait kernel) {
        if (kernel != null) {
            kernel.close();
        }
    }

    /**
     * One request for a shared OS lock on another process's ticket or lock file, blocked in a daemon
     * thread until the kernel grants it: when the owner lets go of its exclusive lock, by withdrawing
     * or by dying, however it dies. A grant only says "look again"; who is alive is still judged by
     * pid and start time, so a participant is never taken for dead because of its lock.
     *
     * <p>The channel stays open until {@link #close()}: that keeps the inode, and so its number, from
     * being reused, which is what lets a waiter tell "the same file" from "a new file of the same name".
     */
    static final class KernelWait implements AutoCloseable {

        enum State { PENDING, GRANTED, FAILED }

        private final FileChannel channel;
        private final Object key;
        private volatile State state = State.PENDING;

        private KernelWait(FileChannel channel, Object key) {
            this.channel = channel;
            this.key = key;
        }

        /**
         * Starts waiting on the file's OS lock; null if it cannot be waited on (gone, ours, replaced).
         *
         * @param onDone run once, in the wait's thread, when the lock is granted or the wait fails
         */
        static KernelWait on(Path file, Runnable onDone) throws IOException {
            OwnFiles.Opened opened = OwnFiles.openForeign(file);
            if (opened == null) {
                return null;
            }
            KernelWait wait = new KernelWait(opened.channel, opened.key);
            Thread thread = new Thread(() -> wait.block(onDone), "queue-lock kernel wait");
            thread.setDaemon(true);
            thread.start();
            return wait;
        }

        private void block(Runnable onDone) {
            try {
                channel.lock(0, Long.MAX_VALUE, true);
                state = State.GRANTED;
            } catch (ClosedChannelException e) {
                return; // closed by the waiter: it waits on something else now
            } catch (IOException | RuntimeException e) {
                // e.g. another lock object of this JVM waits on the same file: Java refuses a second lock
                state = State.FAILED;
            }
            onDone.run();
        }

        /** The file key of the inode waited on. */
        Object key() {
            return key;
        }

        State state() {
            return state;
        }

        /** Stops waiting (a blocked request is woken and ends) and drops a granted shared lock. */
        @Override
        public void close() {
            try {
                channel.close();
            } catch (IOException e) {
                // closed either way
            }
        }
    }
}

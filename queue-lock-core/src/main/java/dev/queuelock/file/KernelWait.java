package dev.queuelock.file;

import java.io.IOException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * One request for a shared OS lock on another process's ticket or lock file, blocked in a daemon
 * thread until the kernel grants it: when the owner lets go of its exclusive lock, by withdrawing
 * or by dying, however it dies. A grant only says "look again"; who is alive is still judged by
 * pid and start time, so a participant is never taken for dead because of its lock.
 *
 * <p>The channel stays open until {@link #close()}: that keeps the inode, and so its number, from
 * being reused, which is what lets a waiter tell "the same file" from "a new file of the same name".
 */
final class KernelWait implements AutoCloseable {

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

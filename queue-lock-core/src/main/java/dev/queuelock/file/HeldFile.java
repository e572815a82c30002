package dev.queuelock.file;

import dev.queuelock.json.RecordJson;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * A ticket or lock file of this process, exclusively OS-locked for as long as it is open: the
 * kernel drops the lock when the process dies however it dies, which wakes the process waiting on
 * it. The lock file is written under a temp name, locked, then linked to {@code lock}; a ticket is
 * created in place and locked before its record is written. Either way the record carries the
 * {@link OsLockMark} only once the lock is taken, so a slow starter is never taken for dead.
 *
 * <p>Release order matters: delete the visible name first, then {@link #close()}, so a waiter woken
 * by the kernel already finds the file gone.
 */
final class HeldFile implements AutoCloseable {

    private final FileChannel channel;
    private final FileLock lock;
    private final Object key;

    private HeldFile(FileChannel channel, FileLock lock, Object key) {
        this.channel = channel;
        this.lock = lock;
        this.key = key;
    }

    /**
     * @param tmp    a temp name of ours in the same file system (a leftover there is removed; a link
     *               or a file of another user there is refused)
     * @param record the encoded record, written marked if the OS lock could be taken
     * @throws java.nio.file.FileAlreadyExistsException if {@code target} exists
     */
    static HeldFile publish(Path tmp, Path target, byte[] record) throws IOException {
        SafePaths.requireOwned(tmp);
        SafePaths.deleteQuietly(tmp);
        FileChannel channel = FileChannel.open(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        boolean published = false;
        try {
            FileLock lock = tryLock(channel);
            ByteBuffer bytes = ByteBuffer.wrap(lock == null ? record : OsLockMark.mark(record));
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            HeldFile held = new HeldFile(channel, lock, lock == null ? null : OwnFiles.keyOf(tmp));
            OwnFiles.link(target, tmp, held);
            published = true;
            return held;
        } finally {
            if (!published) {
                channel.close();
            }
            SafePaths.deleteQuietly(tmp); // the visible name keeps the file
        }
    }

    /**
     * Creates {@code target} in place (exclusively), OS-locks it, then writes the record, marked
     * if locked: the mark is never there without the lock. Used for tickets, where a temp name
     * would cost every waiter a file event; a reader that catches the file still empty judges it by
     * its name, as before. Call through {@link OwnFiles#create}.
     *
     * @throws java.nio.file.FileAlreadyExistsException if {@code target} exists
     */
    static HeldFile createLocked(Path target, byte[] record) throws IOException {
        FileChannel channel = FileChannel.open(target, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        try {
            FileLock lock = tryLock(channel);
            ByteBuffer bytes = ByteBuffer.wrap(lock == null ? record : OsLockMark.mark(record));
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            return new HeldFile(channel, lock, lock == null ? null : OwnFiles.keyOf(target));
        } catch (IOException | RuntimeException e) {
            channel.close();
            SafePaths.deleteQuietly(target);
            throw e;
        }
    }

    /** Whether this process holds the OS lock (false where the file system has no locks). */
    boolean osLocked() {
        return lock != null && lock.isValid();
    }

    Object key() {
        return key;
    }

    /** The file's bytes, read through our own channel (opening it anew could drop our lock). */
    byte[] read() throws IOException {
        return readAll(channel);
    }

    /** The record bytes of an open file (at most one past the record limit), read from its start. */
    static byte[] readAll(FileChannel channel) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(RecordJson.MAX_RECORD_BYTES + 1);
        long position = 0;
        int n;
        while (buffer.hasRemaining() && (n = channel.read(buffer, position)) > 0) {
            position += n;
        }
        return Arrays.copyOf(buffer.array(), buffer.position());
    }

    /** Drops the OS lock: call after the visible name is deleted. Idempotent. */
    @Override
    public void close() {
        OwnFiles.close(this);
    }

    void closeChannel() {
        try {
            channel.close();
        } catch (IOException e) {
            // the descriptor is gone either way, and with it the lock
        }
    }

    private static FileLock tryLock(FileChannel channel) {
        try {
            return channel.tryLock();
        } catch (IOException | UnsupportedOperationException | OverlappingFileLockException e) {
            return null; // no record locks here: publish unmarked, and waiters poll us as they poll the npm tool
        }
    }
}

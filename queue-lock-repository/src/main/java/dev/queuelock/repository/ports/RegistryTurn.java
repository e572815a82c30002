package dev.queuelock.repository.ports;

import dev.queuelock.QueueLockException;
import dev.queuelock.file.SafePaths;
import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.locks.ReentrantLock;

/**
 * One process's turn to change the port register: an OS lock on its {@value #LOCK} file (the
 * kernel drops it when the process dies, so a crash never wedges the register), taken after this
 * JVM's other threads are done (an OS lock is the process's, not a thread's). Taking a turn
 * creates the folders, 0700, as the queues' are, and clears temp files nobody finished writing.
 */
final class RegistryTurn implements Closeable {

    private static final String LOCK = ".lock";
    private static final ReentrantLock IN_THIS_JVM = new ReentrantLock();

    private final FileChannel channel;
    private final FileLock lock;

    private RegistryTurn(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Waits for the turn: another process holds it only while it writes a few small files. */
    static RegistryTurn take(Path dir) throws IOException {
        IN_THIS_JVM.lock();
        FileChannel channel = null;
        try {
            prepare(dir);
            channel = FileChannel.open(dir.resolve(LOCK), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    LinkOption.NOFOLLOW_LINKS);
            RegistryTurn turn = new RegistryTurn(channel, channel.lock());
            clearTempFiles(dir);
            return turn;
        } catch (IOException | RuntimeException e) {
            if (channel != null) {
                channel.close();
            }
            IN_THIS_JVM.unlock();
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        try {
            lock.release();
            channel.close();
        } finally {
            IN_THIS_JVM.unlock();
        }
    }

    private static void prepare(Path dir) throws IOException {
        Files.createDirectories(dir.getParent().getParent()); // a $TMPDIR that does not exist yet
        try {
            SafePaths.ensureOwnDirectory(dir.getParent());
            SafePaths.ensureOwnDirectory(dir);
        } catch (QueueLockException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** Every writer holds the turn while its temp file exists: one seen now was left by a process that died. */
    private static void clearTempFiles(Path dir) throws IOException {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, ".*.tmp")) {
            for (Path file : files) {
                SafePaths.deleteQuietly(file);
            }
        }
    }
}

package dev.queuelock.land.base;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Supplier;

/**
 * One step at a time on a lock file, across every thread of every process of ours: a step runs
 * while this thread holds the file's monitor in this JVM and an OS lock on the file. The OS lock is
 * the process's, not a thread's, hence the monitor first. The kernel drops the lock of a process
 * that dies, so a hold never outlives its holder.
 */
public final class LockFileMutex {

    private static final ConcurrentMap<Path, Object> MONITORS = new ConcurrentHashMap<>();

    private LockFileMutex() {
    }

    /** A step run while the lock file is held; it may fail as file work does. */
    public interface Step<T> {
        T run() throws IOException;
    }

    /** Runs {@code step} while holding {@code lockFile}, made with its directory if missing. */
    public static <T> T whileHeld(Path lockFile, Step<T> step) throws IOException {
        return run(lockFile, step, true);
    }

    /**
     * Runs {@code step} while holding {@code lockFile}, or without it where the lock cannot be had
     * (the file cannot be made, or another class loader of this JVM holds it): for a step that
     * worked without the lock before and must not start failing for want of it.
     */
    public static <T> T whileHeldIfPossible(Path lockFile, Supplier<T> step) {
        try {
            return run(lockFile, step::get, false);
        } catch (IOException e) {
            throw new IllegalStateException("not thrown: the step throws none and the lock's failures are ignored", e);
        }
    }

    private static <T> T run(Path lockFile, Step<T> step, boolean lockRequired) throws IOException {
        synchronized (MONITORS.computeIfAbsent(lockFile.toAbsolutePath().normalize(), path -> new Object())) {
            FileChannel channel = null;
            try {
                Files.createDirectories(lockFile.getParent());
                channel = FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS);
                channel.lock();
            } catch (IOException | OverlappingFileLockException e) {
                closeQuietly(channel);
                if (lockRequired) {
                    throw e;
                }
                channel = null;
            }
            try {
                return step.run();
            } finally {
                closeQuietly(channel); // closing the channel lets go of its lock
            }
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel == null) {
            return;
        }
        try {
            channel.close();
        } catch (IOException e) {
            // nothing was written to it
        }
    }
}

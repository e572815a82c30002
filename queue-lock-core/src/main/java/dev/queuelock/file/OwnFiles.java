package dev.queuelock.file;

import dev.queuelock.json.RecordJson;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * The files this JVM holds an OS lock on, and the one way this JVM opens a queue record file.
 *
 * <p>POSIX record locks belong to the process, and closing <em>any</em> descriptor of a file drops
 * all of the process's locks on it. So a status read, or a second lock object, in the JVM that
 * holds a ticket or the lock must never open and close that file: it reads it through the
 * holder's own channel instead. The guard makes "is this inode ours?" and the open/close one step
 * with respect to publishing a new inode of ours under a visible name.
 */
final class OwnFiles {

    private static final Map<Object, HeldFile> HELD = new ConcurrentHashMap<>();
    private static final ReadWriteLock GUARD = new ReentrantReadWriteLock();

    private OwnFiles() {
    }

    /** The record bytes of a file (at most one past the record limit), or null if it does not exist. */
    static byte[] read(Path file) throws IOException {
        GUARD.readLock().lock();
        try {
            HeldFile own = ownAt(file);
            if (own != null) {
                return own.read();
            }
            try (InputStream in = SafePaths.openOwned(file)) {
                return in == null ? null : in.readNBytes(RecordJson.MAX_RECORD_BYTES + 1);
            }
        } finally {
            GUARD.readLock().unlock();
        }
    }

    /**
     * Opens another process's file for reading, to wait on its OS lock; null if it is gone, or is
     * one of ours (a lock request of ours on it would be granted at once, and closing it would drop
     * our lock), or the name moved to another file while opening it, or the file does not (yet)
     * carry the {@link OsLockMark}: a ticket re-created under the same name is locked only just
     * after it is created, and a shared request of ours in that moment would be granted and keep
     * its owner from taking its lock.
     */
    static Opened openForeign(Path file) throws IOException {
        GUARD.readLock().lock();
        try {
            Object before = keyOf(file);
            if (before == null || HELD.containsKey(before)) {
                return null;
            }
            SafePaths.requireOwned(file);
            FileChannel channel;
            try {
                channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
            } catch (NoSuchFileException e) {
                return null;
            }
            // The open channel pins its inode, so its number cannot be reused: equal keys before and
            // after mean the channel is on the inode the name points to.
            if (!before.equals(keyOf(file)) || !OsLockMark.isMarked(HeldFile.readAll(channel))) {
                channel.close();
                return null;
            }
            return new Opened(channel, before);
        } finally {
            GUARD.readLock().unlock();
        }
    }

    /** Gives {@code held}'s file (now at {@code tmp}) the visible name {@code target}; fails if it exists. */
    static void link(Path target, Path tmp, HeldFile held) throws IOException {
        GUARD.writeLock().lock();
        try {
            if (held.key() != null) {
                HELD.put(held.key(), held);
            }
            try {
                Files.createLink(target, tmp);
            } catch (IOException | RuntimeException e) {
                forgetLocked(held);
                if (e instanceof FileAlreadyExistsException) {
                    throw (FileAlreadyExistsException) e;
                }
                throw e;
            }
        } finally {
            GUARD.writeLock().unlock();
        }
    }

    /** {@link HeldFile#createLocked}, registered before any reader of this JVM can open it. */
    static HeldFile create(Path target, byte[] record) throws IOException {
        GUARD.writeLock().lock();
        try {
            HeldFile held = HeldFile.createLocked(target, record);
            if (held.key() != null) {
                HELD.put(held.key(), held);
            }
            return held;
        } finally {
            GUARD.writeLock().unlock();
        }
    }

    /** Closes a held file's channel (dropping its OS lock) once no reader can be using it. */
    static void close(HeldFile held) {
        GUARD.writeLock().lock();
        try {
            forgetLocked(held);
            held.closeChannel();
        } finally {
            GUARD.writeLock().unlock();
        }
    }

    /** The file key (device and inode) of a path, not following links; null if gone or not supported. */
    static Object keyOf(Path file) throws IOException {
        try {
            return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).fileKey();
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    private static HeldFile ownAt(Path file) throws IOException {
        Object key = keyOf(file);
        return key == null ? null : HELD.get(key);
    }

    private static void forgetLocked(HeldFile held) {
        if (held.key() != null) {
            HELD.remove(held.key(), held);
        }
    }

    /** A channel on a foreign file and the key of its inode. */
    static final class Opened {
        final FileChannel channel;
        final Object key;

        Opened(FileChannel channel, Object key) {
            this.channel = channel;
            this.key = key;
        }
    }
}

package dev.queuelock.file;

import dev.queuelock.QueueLockException;
import dev.queuelock.process.Processes;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * File operations for a world-writable temp dir, where anyone can plant a name first; used by the
 * queue, the claim registry and everything else queue-lock writes.
 *
 * <p>Nothing here follows a symlink: an existing path that is a link, or that belongs to another
 * user, is refused with a one-line {@link QueueLockException} naming it; files are created with
 * {@code O_EXCL}, so nothing is ever written through a planted link.
 */
public final class SafePaths {

    private static final Integer MY_UID = currentUid();

    private SafePaths() {
    }

    /** Creates a 0700 directory, or checks that the existing one is a real directory of ours. */
    public static void ensureOwnDirectory(Path dir) {
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
        } catch (FileAlreadyExistsException e) {
            requireOwned(dir);
            if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                throw new QueueLockException(dir + " is not a directory; remove it and run again.");
            }
        } catch (IOException e) {
            throw new QueueLockException("cannot create queue directory " + dir + ": " + e.getMessage(), e);
        }
    }

    /** Refuses a path that is a symlink or owned by another user; a missing path passes. */
    public static void requireOwned(Path path) {
        try {
            if (Files.isSymbolicLink(path)) {
                throw new QueueLockException("refusing " + path + ": it is a symbolic link (owner "
                        + owner(path) + "); remove it and run again.");
            }
            if (MY_UID != null) {
                int uid = (Integer) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS);
                if (uid != MY_UID) {
                    throw new QueueLockException("refusing " + path + ": it is owned by " + owner(path)
                            + " (uid " + uid + "), not by you; remove it or set TMPDIR to a private directory.");
                }
            }
        } catch (NoSuchFileException e) {
            // Gone is fine: nobody can trick us through a path that is not there.
        } catch (IOException | UnsupportedOperationException e) {
            throw new QueueLockException("cannot inspect " + path + ": " + e.getMessage(), e);
        }
    }

    /** Writes a new file exclusively; fails with FileAlreadyExistsException if the name is taken. */
    public static void createExclusive(Path file, byte[] content) throws IOException {
        try (OutputStream out = Files.newOutputStream(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS)) {
            out.write(content);
        }
    }

    /** Opens a file for reading after checking it is ours and not a link; null if it is gone. */
    public static InputStream openOwned(Path file) throws IOException {
        requireOwned(file);
        try {
            return Files.newInputStream(file, LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            return null;
        }
    }

    public static boolean deleteQuietly(Path file) {
        try {
            return Files.deleteIfExists(file);
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Replaces {@code file} with {@code content} in one rename: a reader sees the old file or the
     * new one, never a part, and nothing is written through a link planted at the temp name.
     */
    public static void writeAtomically(Path file, byte[] content) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + "." + Processes.current().ownPid() + ".tmp");
        deleteQuietly(tmp); // our own leftover, or a planted link: removed, not followed
        createExclusive(tmp, content);
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            deleteQuietly(tmp);
        }
    }

    private static String owner(Path path) {
        try {
            return Files.getOwner(path, LinkOption.NOFOLLOW_LINKS).getName();
        } catch (IOException | UnsupportedOperationException e) {
            return "unknown";
        }
    }

    private static Integer currentUid() {
        try {
            return (int) new com.sun.security.auth.module.UnixSystem().getUid();
        } catch (LinkageError | RuntimeException e) {
            return null; // not a Unix JDK: ownership cannot be compared, links are still refused
        }
    }
}

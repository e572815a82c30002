package dev.queuelock.ephemeral;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * Directories and files that may sit in a shared temp dir: directories are ours and no symlinks,
 * files are written to an exclusive temp name and renamed into place, so a reader never sees half
 * a file and nothing is ever written through a planted link.
 */
final class OwnedPaths {

    private static final Integer MY_UID = currentUid();

    private OwnedPaths() {
    }

    /** Creates the directory 0700 (parents as needed), or checks that the existing one is a real directory of ours. */
    static void ensureOwnDirectory(Path dir) throws IOException {
        if (dir.getParent() != null && !Files.exists(dir.getParent(), LinkOption.NOFOLLOW_LINKS)) {
            Files.createDirectories(dir.getParent());
        }
        try {
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            return;
        } catch (FileAlreadyExistsException e) {
            // check below
        }
        if (Files.isSymbolicLink(dir) || !Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
            throw new IOException("refusing " + dir + ": it is a symbolic link or not a directory; remove it and run again.");
        }
        if (MY_UID != null) {
            int uid = (Integer) Files.getAttribute(dir, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            if (uid != MY_UID) {
                throw new IOException("refusing " + dir + ": it is owned by uid " + uid
                        + ", not by you; remove it or choose a private directory.");
            }
        }
    }

    /** Replaces {@code file} with {@code content} in one rename: readers see the old or the new file, never a part. */
    static void writeAtomically(Path file, byte[] content) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        Files.deleteIfExists(tmp); // our own leftover (or a planted link: removed, not followed)
        try (OutputStream out = Files.newOutputStream(tmp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS)) {
            out.write(content);
        }
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
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

package dev.queuelock.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;

/**
 * The portable holder tree: one small file per child a holder started while holding, named by the
 * holder's identity and the child's pid and holding the child's start token, in a private
 * directory of this user's under {@code /tmp}: a fixed place, not {@code $TMPDIR}, because a
 * waiter or {@code status} judging the holder may run with another {@code TMPDIR} than the holder.
 * A holder's tree runs while one of its recorded children does. Only the children it started
 * itself are recorded: one that outlives its own child (a daemon a check leaves behind) is not
 * seen, where the Linux implementation would see it.
 */
final class ChildRecords {

    private final Path dir;

    private ChildRecords(Path dir) {
        this.dir = dir;
    }

    static ChildRecords forThisUser() {
        String user = System.getProperty("user.name", "user").replaceAll("[^A-Za-z0-9._-]", "_");
        return new ChildRecords(Path.of("/tmp", "queuelock-children-" + user));
    }

    void add(long holder, String holderStart, long child, String childStart) {
        try {
            if (!privateDirectory()) {
                return;
            }
            Path file = dir.resolve(prefix(holder, holderStart) + child);
            Files.deleteIfExists(file); // a leftover of an earlier child with this pid
            Files.write(file, (childStart == null ? "" : childStart).getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            // Unrecorded, this child does not keep the lock if its holder is killed: as before this layer.
        }
    }

    void remove(long holder, String holderStart, long child) {
        try {
            Files.deleteIfExists(dir.resolve(prefix(holder, holderStart) + child));
        } catch (IOException e) {
            // a leftover is removed by the next look at a dead holder's children
        }
    }

    /** Whether a recorded child of this holder runs; records of children that ended are removed. */
    boolean anyAlive(long holder, String holderStart, Processes processes) {
        return !alive(holder, holderStart, processes).isEmpty();
    }

    /** The recorded children of this holder that run; records of children that ended are removed. */
    List<Long> alive(long holder, String holderStart, Processes processes) {
        List<Long> alive = new ArrayList<>();
        for (Path file : files(holder, holderStart)) {
            ProcessId child = read(file);
            if (child == null) {
                continue;
            }
            if (processes.isAlive(child.pid(), child.start().orElse(null))) {
                alive.add(child.pid());
            } else {
                try {
                    Files.deleteIfExists(file);
                } catch (IOException e) {
                    // removed by the next look
                }
            }
        }
        return alive;
    }

    /** The children recorded for this holder, as recorded (some may have ended). */
    List<ProcessId> recorded(long holder, String holderStart) {
        List<ProcessId> children = new ArrayList<>();
        for (Path file : files(holder, holderStart)) {
            ProcessId child = read(file);
            if (child != null) {
                children.add(child);
            }
        }
        return children;
    }

    /**
     * The records of this holder: its pid, and a start that is its own by {@link ProcessStart#matches}
     * (another JVM may have read its start a second apart), not by the file name's letters alone.
     */
    private List<Path> files(long holder, String holderStart) {
        List<Path> files = new ArrayList<>();
        if (holderStart == null || !ownDirectory()) {
            return files;
        }
        String pid = holder + "-";
        try (DirectoryStream<Path> all = Files.newDirectoryStream(dir, pid + "*")) {
            for (Path file : all) {
                String name = file.getFileName().toString();
                int last = name.lastIndexOf('-');
                if (last > pid.length() && sameStart(name.substring(pid.length(), last), holderStart)) {
                    files.add(file);
                }
            }
        } catch (IOException | RuntimeException e) {
            // the records read so far
        }
        return files;
    }

    /** A file name's start (as {@link #prefix} wrote it) against a holder's token. */
    private static boolean sameStart(String written, String holderStart) {
        String own = sanitized(holderStart);
        if (written.equals(own)) {
            return true;
        }
        String epoch = sanitized(ProcessStart.EPOCH_SCHEME);
        return written.startsWith(epoch) && own.startsWith(epoch)
                && ProcessStart.matches(ProcessStart.EPOCH_SCHEME + written.substring(epoch.length()), holderStart);
    }

    private static ProcessId read(Path file) {
        try {
            String name = file.getFileName().toString();
            long child = Long.parseLong(name.substring(name.lastIndexOf('-') + 1));
            return ProcessId.of(child, new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Ours, a real directory, 0700: anything planted by another user is not trusted. */
    private boolean privateDirectory() throws IOException {
        try {
            Files.createDirectories(dir.getParent());
            Files.createDirectory(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
            return true;
        } catch (FileAlreadyExistsException e) {
            return ownDirectory();
        }
    }

    private boolean ownDirectory() {
        try {
            return Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)
                    && Files.getOwner(dir, LinkOption.NOFOLLOW_LINKS).getName().equals(System.getProperty("user.name"));
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    private static String prefix(long holder, String holderStart) {
        return holder + "-" + (holderStart == null ? "" : sanitized(holderStart)) + "-";
    }

    private static String sanitized(String start) {
        return start.replaceAll("[^A-Za-z0-9.-]", "_");
    }
}

package dev.queuelock.file;

import dev.queuelock.QueueLockException;
import dev.queuelock.spi.Queue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The files of a queue's directory ({@link Queue#directory()}): {@code lock} and {@code tickets/},
 * as claude-code-merge-queue 0.5.x lays them out, and the other slots' lock files beside them.
 */
public final class QueueDirectory {

    /** The lock file's name inside the queue dir: slot 1, the npm tool's only one. */
    static final String LOCK_NAME = "lock";
    /** What the other slots' lock files are named after: {@code slot-2}, {@code slot-3}, ... */
    private static final String SLOT_PREFIX = "slot-";
    /** More slots than this is no machine's: names beyond are not slots. */
    static final int MAX_SLOTS = 999;

    private final Path dir;

    private QueueDirectory(Path dir) {
        this.dir = dir;
    }

    public static QueueDirectory of(Queue queue) {
        return new QueueDirectory(queue.directory());
    }

    /** The temp dir Node's {@code os.tmpdir()} returns on Unix: $TMPDIR without a trailing slash, else /tmp. */
    public static Path defaultTmpDir() {
        String tmp = System.getenv("TMPDIR");
        return Path.of(tmp == null || tmp.isEmpty() ? "/tmp" : tmp);
    }

    public Path path() {
        return dir;
    }

    /** Slot 1's lock file, the npm tool's {@code lock}. */
    public Path lockFile() {
        return slotFile(1);
    }

    /** The lock file of slot {@code slot}: {@code lock} for slot 1, which the npm tool shares, else {@code slot-<n>}. */
    Path slotFile(int slot) {
        return dir.resolve(slotName(slot));
    }

    static String slotName(int slot) {
        return slot == 1 ? LOCK_NAME : SLOT_PREFIX + slot;
    }

    /** The slot a lock file name stands for, 1 or more; 0 if the name is no slot's. */
    static int slotOf(String name) {
        if (name.equals(LOCK_NAME)) {
            return 1;
        }
        if (!name.startsWith(SLOT_PREFIX) || name.length() > SLOT_PREFIX.length() + 3 || name.length() == SLOT_PREFIX.length()) {
            return 0;
        }
        int slot = 0;
        for (int i = SLOT_PREFIX.length(); i < name.length(); i++) {
            char c = name.charAt(i);
            if (c < '0' || c > '9') {
                return 0;
            }
            slot = slot * 10 + (c - '0');
        }
        return slot >= 2 && slotName(slot).equals(name) ? slot : 0;
    }

    public Path ticketsDir() {
        return dir.resolve("tickets");
    }

    /** The npm tool's temp name for a lock about to be linked into place. */
    Path lockTempFile(long pid) {
        return slotTempFile(1, pid);
    }

    /** A slot's lock about to be linked into place: {@code lock.<pid>.tmp}, {@code slot-2.<pid>.tmp}. */
    Path slotTempFile(int slot, long pid) {
        return dir.resolve(slotName(slot) + "." + pid + ".tmp");
    }

    /** Where a waiter moves a dead holder's lock before deleting it, so it never deletes a live one. */
    Path reclaimFile(int slot, long pid) {
        return dir.resolve(slotName(slot) + "." + pid + ".reclaim");
    }

    /** Creates the directories 0700 (or checks that existing ones are safe to use). */
    void prepare() {
        try {
            Files.createDirectories(dir.getParent()); // a $TMPDIR that does not exist yet, as the npm tool would create it
        } catch (IOException e) {
            throw new QueueLockException("cannot create " + dir.getParent() + ": " + e.getMessage() + "; set TMPDIR to a writable directory.", e);
        }
        SafePaths.ensureOwnDirectory(dir);
        SafePaths.ensureOwnDirectory(ticketsDir());
    }

    @Override
    public String toString() {
        return dir.toString();
    }
}

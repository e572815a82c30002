package dev.queuelock.file;

import dev.queuelock.LockRecord;
import dev.queuelock.process.Liveness;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Optional;

/**
 * The {@code lock} file: present = held, its JSON names the holder. Taken atomically by
 * hard-linking a fully written temp file onto it, which fails if it exists.
 */
final class LockFile {

    /** What a take attempt found. */
    enum Take { TAKEN, HELD_BY_OTHER, RECLAIMED_DEAD }

    private final QueueDirectory dir;

    LockFile(QueueDirectory dir) {
        this.dir = dir;
    }

    /** The holder's record; empty when free or when the file holds no valid record. */
    Optional<LockRecord> holder() throws IOException {
        return readRecord(dir.lockFile());
    }

    Take tryTake(LockRecord me) throws IOException {
        Path tmp = dir.lockTempFile(me.pid());
        // A leftover file of a dead process with our pid is removed; a planted link is refused
        // like any other file of the queue that is a link or not ours.
        SafePaths.requireOwned(tmp);
        SafePaths.deleteQuietly(tmp);
        SafePaths.createExclusive(tmp, RecordCodec.encode(me));
        try {
            Files.createLink(dir.lockFile(), tmp);
            return Take.TAKEN;
        } catch (FileAlreadyExistsException held) {
            return reclaimIfDead() ? Take.RECLAIMED_DEAD : Take.HELD_BY_OTHER;
        } finally {
            SafePaths.deleteQuietly(tmp);
        }
    }

    /** Deletes the lock if it is still the very one this record describes (ours). */
    void releaseIfMine(LockRecord me) throws IOException {
        Optional<LockRecord> holder = holder();
        if (holder.isPresent() && holder.get().equals(me)) {
            SafePaths.deleteQuietly(dir.lockFile());
        }
    }

    /**
     * Removes a lock whose holder is dead or whose content is no valid record. The lock is first
     * renamed aside and compared with what was judged dead: if a live holder took the lock in
     * between, it is linked back, so a slow reclaimer never deletes a live holder's lock (the
     * npm tool unlinks blindly).
     */
    private boolean reclaimIfDead() throws IOException {
        Path lock = dir.lockFile();
        byte[] judged = readBytes(lock);
        if (judged == null) {
            return true; // released meanwhile: free now
        }
        Optional<LockRecord> holder = RecordCodec.decode(judged);
        if (holder.isPresent() && Liveness.isAlive(holder.get())) {
            return false;
        }
        Path aside = dir.reclaimFile(ProcessHandle.current().pid());
        SafePaths.requireOwned(aside);
        SafePaths.deleteQuietly(aside);
        try {
            Files.move(lock, aside, StandardCopyOption.ATOMIC_MOVE);
        } catch (NoSuchFileException | AtomicMoveNotSupportedException e) {
            return true; // another waiter reclaimed it first
        }
        byte[] moved = readBytes(aside);
        if (moved != null && !Arrays.equals(moved, judged)) {
            try {
                Files.createLink(lock, aside); // not the lock we judged: put it back
            } catch (FileAlreadyExistsException e) {
                // cannot happen unless a third process took the lock in these microseconds
            }
        }
        SafePaths.deleteQuietly(aside);
        return true;
    }

    private static Optional<LockRecord> readRecord(Path file) throws IOException {
        byte[] bytes = readBytes(file);
        return bytes == null ? Optional.empty() : RecordCodec.decode(bytes);
    }

    /** The file's bytes (at most one byte past the record limit), or null if it does not exist. */
    private static byte[] readBytes(Path file) throws IOException {
        try (InputStream in = SafePaths.openOwned(file)) {
            return in == null ? null : in.readNBytes(RecordCodec.MAX_RECORD_BYTES + 1);
        }
    }
}

package dev.queuelock.file;

import dev.queuelock.LockRecord;
import dev.queuelock.json.RecordJson;
import dev.queuelock.process.Liveness;
import dev.queuelock.process.Processes;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.Optional;

/**
 * One slot's lock file ({@code lock} for slot 1, the npm tool's; {@code slot-<n>} for the others):
 * present = held, its JSON names the holder. Taken atomically by
 * hard-linking a fully written temp file onto it, which fails if it exists. The temp file is
 * OS-locked before it is linked, so the holder's {@code lock} is OS-locked from its first moment
 * ({@link HeldFile}) and a waiter can block on it.
 */
final class LockFile {

    /** What a take attempt found. */
    enum Take { TAKEN, HELD_BY_OTHER, RECLAIMED_DEAD }

    private final QueueDirectory dir;
    private final int slot;
    private final Path file;
    /** The lock file while this object holds it. */
    private HeldFile held;

    /** Slot 1: {@code lock}. */
    LockFile(QueueDirectory dir) {
        this(dir, 1);
    }

    LockFile(QueueDirectory dir, int slot) {
        this.dir = dir;
        this.slot = slot;
        this.file = dir.slotFile(slot);
    }

    int slot() {
        return slot;
    }

    QueueDirectory directory() {
        return dir;
    }

    /** The holder's record; empty when free or when the file holds no valid record. */
    Optional<LockRecord> holder() throws IOException {
        return Optional.ofNullable(holderTicket()).map(Ticket::record);
    }

    /** The holder as a waiter waits on it, with whether it OS-locks the lock file; null as for {@link #holder()}. */
    Ticket holderTicket() throws IOException {
        if (!exists()) {
            // Free, the case of every take: java.io answers without building the exceptions that
            // NIO's checks build for an absent file, costly in a JVM taking for the first time. A
            // link planted there is still refused: the take finds the name taken and reads it the
            // checked way.
            return null;
        }
        byte[] bytes = OwnFiles.read(file);
        LockRecord record = bytes == null ? null : RecordJson.decode(bytes).orElse(null);
        return record == null ? null : Ticket.holder(file, record, OsLockMark.isMarked(bytes));
    }

    /** Whether a file (or a live link) is at {@code lock}, asked of java.io: no exception built when it is not. */
    boolean exists() {
        return file.toFile().exists();
    }

    Take tryTake(LockRecord me) throws IOException {
        // A leftover temp file of a dead process with our pid is removed; a planted link is refused
        // like any other file of the queue that is a link or not ours.
        try {
            HeldFile taken = HeldFile.publish(dir.slotTempFile(slot, me.pid()), file, RecordJson.encode(me));
            synchronized (this) {
                held = taken;
            }
            return Take.TAKEN;
        } catch (FileAlreadyExistsException heldByOther) {
            return reclaimIfDead(null) ? Take.RECLAIMED_DEAD : Take.HELD_BY_OTHER;
        }
    }

    /**
     * Removes the lock of a holder a look has just judged dead. While the lock still holds that
     * very record it is not judged again: a process named by its pid and start stays dead, and
     * judging again would read every process's environment (see {@code HolderTree}) a second time
     * on the crash take-over's path.
     */
    void reclaimDead(LockRecord judgedDead) throws IOException {
        reclaimIfDead(judgedDead);
    }

    /**
     * Deletes the lock if it is still the very one this record describes (ours), then drops its
     * OS lock: deleted first, so a waiter the kernel wakes finds the lock free.
     */
    void releaseIfMine(LockRecord me) throws IOException {
        try {
            HeldFile mine;
            synchronized (this) {
                mine = held;
            }
            // The name still on the inode we hold is our lock (a stat, cheaper in a cold JVM than
            // reading and parsing the record back); without OS locks, compare the record.
            boolean ours = mine != null && mine.key() != null
                    ? mine.key().equals(OwnFiles.keyOf(file))
                    : holder().filter(me::equals).isPresent();
            if (ours) {
                SafePaths.deleteQuietly(file);
            }
        } finally {
            HeldFile mine;
            synchronized (this) {
                mine = held;
                held = null;
            }
            if (mine != null) {
                mine.close();
            }
        }
    }

    /**
     * Removes a lock whose holder is dead or whose content is no valid record. The lock is first
     * renamed aside and compared with what was judged dead: if a live holder took the lock in
     * between, it is linked back, so a slow reclaimer never deletes a live holder's lock (the
     * npm tool unlinks blindly).
     *
     * @param knownDead a record already judged dead, or null
     */
    private boolean reclaimIfDead(LockRecord knownDead) throws IOException {
        Path lock = file;
        byte[] judged = readBytes(lock);
        if (judged == null) {
            return true; // released meanwhile: free now
        }
        Optional<LockRecord> holder = RecordJson.decode(judged);
        if (holder.isPresent() && !holder.get().equals(knownDead) && Liveness.isAlive(holder.get())) {
            return false;
        }
        Path aside = dir.reclaimFile(slot, Processes.current().ownPid());
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

    /** The file's bytes (at most one byte past the record limit), or null if it does not exist. */
    private static byte[] readBytes(Path file) throws IOException {
        return OwnFiles.read(file);
    }
}

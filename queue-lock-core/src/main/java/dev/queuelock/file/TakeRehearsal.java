package dev.queuelock.file;

import dev.queuelock.LockRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Takes and releases a lock once, on a scratch queue of its own. A CLI takes the lock once in its
 * life, so its one take ran code for the first time in its JVM (classes to load, calls to
 * resolve) between the release it waited for and its command's start. Best effort, once per JVM;
 * the scratch queue is a private temp directory, removed at once.
 */
final class TakeRehearsal {

    private static final AtomicBoolean DONE = new AtomicBoolean();

    private TakeRehearsal() {
    }

    /** Rehearses in a new directory under {@code parent} (the real queue's temp dir), unless done before. */
    static void once(Path parent, long pid, String start) {
        if (DONE.compareAndSet(false, true)) {
            rehearse(parent, pid, start);
        }
    }

    /** One rehearsal; true if its take succeeded. Nothing of it is left under {@code parent}. */
    static boolean rehearse(Path parent, long pid, String start) {
        Path scratch = null;
        QueueDirectory dir = null;
        try {
            Files.createDirectories(parent);
            scratch = Files.createTempDirectory(parent, "queue-lock-rehearsal-");
            dir = QueueDirectory.of(scratch, "rehearsal", "rehearsal");
            dir.prepare();
            LockFile lock = new LockFile(dir);
            lock.holderEntry(); // absent, as a waiter finds it when its turn comes
            LockRecord me = new LockRecord(pid, "rehearsal", null, System.currentTimeMillis(), start);
            if (lock.tryTake(me) != LockFile.Take.TAKEN) {
                return false;
            }
            lock.releaseIfMine(me);
            return true;
        } catch (IOException | RuntimeException e) {
            return false; // only a rehearsal: the real take does the same work, just colder
        } finally {
            if (dir != null) {
                SafePaths.deleteQuietly(dir.lockTempFile(pid));
                SafePaths.deleteQuietly(dir.lockFile());
                SafePaths.deleteQuietly(dir.ticketsDir());
                SafePaths.deleteQuietly(dir.path());
            }
            if (scratch != null) {
                SafePaths.deleteQuietly(scratch);
            }
        }
    }
}

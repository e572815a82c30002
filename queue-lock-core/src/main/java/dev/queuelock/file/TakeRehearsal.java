package dev.queuelock.file;

import dev.queuelock.LockRecord;
import dev.queuelock.spi.Queue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Takes and releases a lock once, on a scratch queue of its own. A CLI takes the lock once in its
 * life, so its one take ran code for the first time in its JVM (classes to load, calls to
 * resolve) between the release it waited for and its command's start. Best effort, once per JVM;
 * the scratch queue is a private temp directory named with the pid, removed at once, and by the
 * next rehearsal if its process was killed in the middle.
 */
final class TakeRehearsal {

    private static final AtomicBoolean DONE = new AtomicBoolean();
    private static final String PREFIX = "queue-lock-rehearsal-";

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
        try {
            Files.createDirectories(parent);
            removeLeftoversOfDeadProcesses(parent);
            scratch = Files.createTempDirectory(parent, PREFIX + pid + "-");
            QueueDirectory dir = QueueDirectory.of(Queue.in(scratch, "rehearsal", "rehearsal"));
            dir.prepare();
            LockFile lock = new LockFile(dir);
            lock.holderTicket(); // absent, as a waiter finds it when its turn comes
            LockRecord me = new LockRecord(pid, "rehearsal", null, System.currentTimeMillis(), start);
            if (lock.tryTake(me) != LockFile.Take.TAKEN) {
                return false;
            }
            lock.releaseIfMine(me);
            return true;
        } catch (IOException | RuntimeException e) {
            return false; // only a rehearsal: the real take does the same work, just colder
        } finally {
            remove(scratch, pid);
        }
    }

    /** Scratch queues of processes that are gone (killed mid-rehearsal); ours and others' are left. */
    private static void removeLeftoversOfDeadProcesses(Path parent) {
        String[] names = parent.toFile().list();
        if (names == null) {
            return;
        }
        for (String name : names) {
            if (!name.startsWith(PREFIX)) {
                continue;
            }
            long pid = pidIn(name);
            if (pid > 0 && ProcessHandle.of(pid).isEmpty()) {
                remove(parent.resolve(name), pid);
            }
        }
    }

    /** The pid in {@code queue-lock-rehearsal-<pid>-<random>}; -1 if there is none. */
    private static long pidIn(String name) {
        int dash = name.indexOf('-', PREFIX.length());
        try {
            return dash < 0 ? -1 : Long.parseLong(name.substring(PREFIX.length(), dash));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Removes a scratch queue's known entries, never through a link or another user's file. */
    private static void remove(Path scratch, long pid) {
        if (scratch == null) {
            return;
        }
        try {
            SafePaths.requireOwned(scratch);
            QueueDirectory dir = QueueDirectory.of(Queue.in(scratch, "rehearsal", "rehearsal"));
            SafePaths.deleteQuietly(dir.lockTempFile(pid));
            SafePaths.deleteQuietly(dir.lockFile());
            SafePaths.deleteQuietly(dir.ticketsDir());
            SafePaths.deleteQuietly(dir.path());
            SafePaths.deleteQuietly(scratch);
        } catch (RuntimeException e) {
            // not ours to remove, or gone: leave it
        }
    }
}

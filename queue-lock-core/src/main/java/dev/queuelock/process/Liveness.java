package dev.queuelock.process;

import dev.queuelock.LockRecord;

/**
 * What counts as alive: the one rule every lock, ticket and claim is judged by, asked of the
 * process layer ({@link Processes}).
 *
 * <p>A record is alive while a process with its pid runs (a zombie does not count) and, when the
 * record carries a start token, that process started at that moment ({@link ProcessStart#matches}).
 * A pid recycled by an unrelated process is therefore dead, where the npm tool would wait on it
 * forever. Records without a token (written by the npm tool) fall back to plain pid liveness.
 */
public final class Liveness {

    private Liveness() {
    }

    /**
     * A record is also alive while a process its holder started holding it runs (see
     * {@link HolderTree}): a build outliving its {@code kill -9}ed holder keeps the lock.
     */
    public static boolean isAlive(LockRecord record) {
        return isAlive(record.pid(), record.start().orElse(null)) || keptByTree(record);
    }

    /**
     * Whether a process the record's holder started while holding still runs; asked when the holder
     * itself has ended, to tell a dead holder from one whose check build still works in its hold.
     */
    public static boolean keptByTree(LockRecord record) {
        String start = record.start().orElse(null);
        return start != null && HolderTree.anyStartedBy(record.pid(), start);
    }

    /** @param start the recorded start token, or null if the writer recorded none */
    public static boolean isAlive(long pid, String start) {
        return Processes.current().isAlive(pid, start);
    }
}

package dev.queuelock.process;

import dev.queuelock.LockRecord;

/**
 * Whether a lock's holder is this process or one of its ancestors: then this process runs inside
 * that hold (a check build started by land, a test that forks {@code mvn}, {@code mvn clean
 * queuelock:land} whose session took the build lock) and must not wait for it - it would wait
 * for itself forever. Judged by pid and start token, so an ancestor's recycled pid is no ancestor.
 */
public final class ProcessAncestry {

    private ProcessAncestry() {
    }

    /** True if the record is of this machine and names this process or an ancestor of it. */
    public static boolean holdsForUs(LockRecord holder) {
        return holder.host().isEmpty() && ProcessId.of(holder.pid(), holder.start().orElse(null)).isSelfOrAncestor();
    }

    public static boolean isSelfOrAncestor(long pid) {
        return ProcessId.of(pid, null).isSelfOrAncestor();
    }
}

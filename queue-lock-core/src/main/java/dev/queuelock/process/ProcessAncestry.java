package dev.queuelock.process;

import dev.queuelock.LockRecord;

/**
 * Whether a lock's holder is this process or one of its ancestors, or started this process while
 * holding: then this process runs inside that hold (a build its holder started for its work, a test
 * that forks a build, a command that took the build lock and then runs its own steps) and must
 * not wait for it - it would wait for itself forever. The last case covers a holder killed with
 * {@code kill -9} before its child's session started: the child is no longer its descendant, yet it
 * is the process tree that keeps the dead holder's lock ({@link HolderTree}). Judged by pid and
 * start token, so an ancestor's recycled pid is no ancestor.
 */
public final class ProcessAncestry {

    private ProcessAncestry() {
    }

    /** True if the record is of this machine and names this process or an ancestor of it. */
    public static boolean holdsForUs(LockRecord holder) {
        if (holder.host().isPresent()) {
            return false;
        }
        String start = holder.start().orElse(null);
        return HolderTree.startedInsideHoldOf(holder.pid(), start) || ProcessId.of(holder.pid(), start).isSelfOrAncestor();
    }

    public static boolean isSelfOrAncestor(long pid) {
        return ProcessId.of(pid, null).isSelfOrAncestor();
    }
}

package dev.queuelock.process;

import dev.queuelock.LockRecord;
import java.util.Optional;

/**
 * Whether a lock's holder is this process or one of its ancestors: then this process runs inside
 * that hold (a check build started by land, a test that forks {@code mvn}, {@code mvn clean
 * queuelock:land} whose session took the build lock) and must not wait for it - it would wait
 * for itself forever.
 */
public final class ProcessAncestry {

    private ProcessAncestry() {
    }

    /** True if the record is of this machine and names this process or an ancestor of it. */
    public static boolean holdsForUs(LockRecord holder) {
        return holder.host().isEmpty() && isSelfOrAncestor(holder.pid());
    }

    public static boolean isSelfOrAncestor(long pid) {
        for (Optional<ProcessHandle> p = Optional.of(ProcessHandle.current()); p.isPresent(); p = p.get().parent()) {
            if (p.get().pid() == pid) {
                return true;
            }
        }
        return false;
    }
}

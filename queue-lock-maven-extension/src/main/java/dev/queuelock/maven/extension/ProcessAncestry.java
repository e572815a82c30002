package dev.queuelock.maven.extension;

import java.util.Optional;

/** Whether a process is one of this JVM's ancestors: a build started inside the lock holder's build. */
final class ProcessAncestry {

    private ProcessAncestry() {
    }

    static boolean isAncestor(long pid) {
        for (Optional<ProcessHandle> p = ProcessHandle.current().parent(); p.isPresent(); p = p.get().parent()) {
            if (p.get().pid() == pid) {
                return true;
            }
        }
        return false;
    }
}

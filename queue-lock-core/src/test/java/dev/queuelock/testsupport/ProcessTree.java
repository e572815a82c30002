package dev.queuelock.testsupport;

import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Kills a process with all its descendants, so a test leaves nothing running. */
public final class ProcessTree {

    private ProcessTree() {
    }

    /** {@link #destroy(ProcessHandle, Collection)} with no descendants seen before. */
    public static void destroy(Process root) {
        destroy(root.toHandle(), List.of());
    }

    /**
     * Kills {@code root} and its descendants top down, each process's children read before it is
     * killed: once it dies they are re-parented out of reach, and a killed process starts no more.
     * {@code seenBefore}: descendants seen earlier, which a kill since may have orphaned already.
     */
    public static void destroy(ProcessHandle root, Collection<ProcessHandle> seenBefore) {
        Deque<ProcessHandle> toKill = new ArrayDeque<>();
        toKill.add(root);
        toKill.addAll(seenBefore);
        Set<Long> killed = new HashSet<>();
        while (!toKill.isEmpty()) {
            ProcessHandle next = toKill.poll();
            if (killed.add(next.pid())) {
                next.children().forEach(toKill::add);
                next.destroyForcibly();
            }
        }
    }
}

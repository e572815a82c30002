package dev.queuelock.process;

import java.util.Objects;
import java.util.Optional;

/**
 * Which process: a pid and, when the writer recorded one, its start token. Every record that names
 * a process (a lock or ticket, a batch request or verdict, a claim, work in flight) holds one,
 * and they are compared by one rule ({@link #sameProcessAs}) and judged alive by one
 * ({@link #isAlive}).
 */
public final class ProcessId {

    private final long pid;
    private final String start;

    private ProcessId(long pid, String start) {
        this.pid = pid;
        this.start = start == null || start.isEmpty() ? null : start;
    }

    /** @param start the recorded start token; null or empty when the writer recorded none */
    public static ProcessId of(long pid, String start) {
        return new ProcessId(pid, start);
    }

    /** This JVM. */
    public static ProcessId current() {
        return new ProcessId(Processes.current().ownPid(), ProcessStart.current());
    }

    public long pid() {
        return pid;
    }

    /** The start token, absent when the writer recorded none. */
    public Optional<String> start() {
        return Optional.ofNullable(start);
    }

    /** Runs now, as the same process (see {@link Liveness}; the holder tree is not asked). */
    public boolean isAlive() {
        return Liveness.isAlive(pid, start);
    }

    /**
     * The same pid and, where both sides know their start, the same start
     * ({@link ProcessStart#matches}); symmetric, so either side may lack a token.
     */
    public boolean sameProcessAs(ProcessId other) {
        return other != null && pid == other.pid && ProcessStart.matches(start, other.start);
    }

    /** This process or one of its ancestors, judged by pid and, when recorded, start token. */
    public boolean isSelfOrAncestor() {
        for (Optional<ProcessHandle> p = Optional.of(ProcessHandle.current()); p.isPresent(); p = p.get().parent()) {
            if (p.get().pid() == pid) {
                return start == null || Processes.current().startToken(pid).map(now -> ProcessStart.matches(start, now))
                        .orElse(true);
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ProcessId && pid == ((ProcessId) o).pid && Objects.equals(start, ((ProcessId) o).start);
    }

    @Override
    public int hashCode() {
        return Objects.hash(pid, start);
    }

    @Override
    public String toString() {
        return HolderTree.token(pid, start);
    }
}

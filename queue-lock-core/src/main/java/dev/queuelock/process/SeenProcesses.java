package dev.queuelock.process;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Liveness for one who asks about the same processes at every look (a watch over a queue of
 * waiters): a process judged alive in full ({@link Liveness}'s rule: its pid runs, not a zombie,
 * with the recorded start) is later taken as alive while its {@link Processes#identity} is
 * unchanged, one stat instead of reading and parsing its facts. Gone, reaped, or its pid given to
 * another process, the identity differs and it is judged in full again. Where the process layer
 * has no identity (the portable one) every ask is judged in full.
 *
 * <p>What this cannot see: a process that ended and is not yet reaped (a zombie) counts as alive
 * until its parent reaps it. Ask only about waiters with it; judge holders in full.
 */
public final class SeenProcesses {

    private final Map<ProcessId, Object> alive = new HashMap<>();
    private final Set<ProcessId> asked = new HashSet<>();

    /** Whether {@code pid} (started at {@code start}, null if unrecorded) runs. */
    public boolean isAlive(long pid, String start) {
        ProcessId id = ProcessId.of(pid, start);
        asked.add(id);
        Processes processes = Processes.current();
        // Taken before the full judgement: an identity that names a process judged alive after it is that process's.
        Object identity = processes.identity(pid);
        if (identity != null && identity.equals(alive.get(id))) {
            return true;
        }
        boolean runs = processes.isAlive(pid, start);
        if (runs && identity != null) {
            alive.put(id, identity);
        } else {
            alive.remove(id);
        }
        return runs;
    }

    /** Forgets every process not asked about since the last call: what left the queue. */
    public void forgetUnasked() {
        alive.keySet().retainAll(asked);
        asked.clear();
    }

    /** How many processes are remembered as alive. */
    int remembered() {
        return alive.size();
    }
}

package dev.queuelock.land.engine;

import dev.queuelock.land.base.Phase;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Where a landing's time went: each {@link #end} attributes the time since the previous mark to a
 * phase, adding up across retries and bisection steps, and announces the phase that starts now
 * (the in-flight note, so a crash can be explained). {@link Lander} copies it into the history.
 */
public final class PhaseClock {

    private final Consumer<Phase> starting;
    private final Map<String, Long> phases = new LinkedHashMap<>();
    private final long started = System.currentTimeMillis();
    private long mark = started;
    private int retries;

    PhaseClock(Consumer<Phase> starting) {
        this.starting = starting;
    }

    public synchronized void end(Phase phase) {
        long now = System.currentTimeMillis();
        phases.merge(phase.id(), now - mark, Long::sum);
        mark = now;
        if (phase.next() != null) {
            starting.accept(phase.next());
        }
    }

    /**
     * The command's time before the clock started: its start-up phase and that phase's parts
     * ({@code history.CommandTime}), kept with the phases.
     */
    public synchronized void before(Map<String, Long> spans) {
        spans.forEach((id, ms) -> phases.merge(id, ms, Long::sum));
    }

    /** When the clock started (epoch ms): the end of the start-up, the start of the queue wait. */
    public synchronized long started() {
        return started;
    }

    /** The remote moved: the landing starts over with a fetch. */
    public synchronized void retrying() {
        retries++;
        starting.accept(Phase.FETCH);
    }

    /** {@link Phase#id()} to milliseconds so far, in order. */
    public synchronized Map<String, Long> phases() {
        return new LinkedHashMap<>(phases);
    }

    /** Push attempts beyond the first. */
    public synchronized int retries() {
        return retries;
    }
}

package dev.queuelock.land;

import java.util.function.Consumer;

/**
 * Where a landing's time went: each {@link #end} attributes the time since the previous mark to a
 * phase of the run, adding up across retries and bisection steps, and announces the phase that
 * starts now (the in-flight note, so a crash can be explained).
 */
public final class PhaseClock {

    private final LandRun run;
    private final Consumer<Phase> starting;
    private long mark = System.currentTimeMillis();

    PhaseClock(LandRun run, Consumer<Phase> starting) {
        this.run = run;
        this.starting = starting;
    }

    public void end(Phase phase) {
        long now = System.currentTimeMillis();
        run.phases.merge(phase.id(), now - mark, Long::sum);
        mark = now;
        if (phase.next() != null) {
            starting.accept(phase.next());
        }
    }

    /** The remote moved: the landing starts over with a fetch. */
    public void retrying() {
        starting.accept(Phase.FETCH);
    }
}

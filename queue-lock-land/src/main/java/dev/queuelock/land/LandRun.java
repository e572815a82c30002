package dev.queuelock.land;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One {@code land} run as kept in the landing history: when, which lane, what was pushed, how it
 * ended, and where the time went. Public fields, because this is a JSON record and nothing more.
 */
public final class LandRun {

    /** ISO-8601 time the run ended. */
    public String time;
    public String lane;
    public String branch;
    /** The commit pushed, or null if nothing was. */
    public String commit;
    /** One of {@link Outcome#id()}. */
    public String outcome;
    public long totalMs;
    /** {@link Phase#id()} to milliseconds, in order. */
    public Map<String, Long> phases = new LinkedHashMap<>();
    /** Push attempts beyond the first (the remote moved during the checks). */
    public int retries;
    /** The batch this run landed in, or null for a lane landed on its own. */
    public BatchRecord batch;

    public Outcome outcome() {
        return Outcome.fromId(outcome);
    }

    public long phase(Phase phase) {
        return phases.getOrDefault(phase.id(), 0L);
    }
}

package dev.queuelock.land;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One {@code land} run as kept in the landing history: when, which lane, what was pushed, how it
 * ended, and where the time went. Public fields, because this is a JSON record and nothing more:
 * how a landing ends is a {@link LandResult}, and {@link Lander} alone writes these records.
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

    /** A record of how a lane's landing ended, timed now; {@link Lander} fills in the rest. */
    static LandRun of(String lane, String branch, Outcome outcome, String commit) {
        LandRun run = new LandRun();
        run.time = java.time.Instant.now().toString();
        run.lane = lane;
        run.branch = branch;
        run.outcome = outcome.id();
        run.commit = commit;
        return run;
    }

    public Outcome outcome() {
        return Outcome.fromId(outcome);
    }

    public long phase(Phase phase) {
        return phases.getOrDefault(phase.id(), 0L);
    }
}

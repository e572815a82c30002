package dev.queuelock.land.history;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.base.Phase;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One {@code land} run as kept in the landing history: when, which lane, what was pushed, how it
 * ended, and where the time went. A JSON record, built once: how a landing ends is a
 * {@link LandResult}, and the lander alone makes these records of it.
 */
public final class LandRun {

    /** ISO-8601 time the run ended. */
    public final String time;
    public final String lane;
    public final String branch;
    /** The commit pushed, or null if nothing was. */
    public final String commit;
    /** Written as its {@link Outcome#id()}. */
    @JsonProperty("outcome")
    private final Outcome outcome;
    public final long totalMs;
    /** {@link Phase#id()} to milliseconds, in order. */
    public final Map<String, Long> phases;
    /** Push attempts beyond the first (the remote moved during the checks). */
    public final int retries;
    /** The batch this run landed in, or null for a lane landed on its own. */
    public final BatchRecord batch;

    @JsonCreator
    public LandRun(@JsonProperty("time") String time, @JsonProperty("lane") String lane, @JsonProperty("branch") String branch,
                   @JsonProperty("commit") String commit, @JsonProperty("outcome") Outcome outcome,
                   @JsonProperty("totalMs") long totalMs, @JsonProperty("phases") Map<String, Long> phases,
                   @JsonProperty("retries") int retries, @JsonProperty("batch") BatchRecord batch) {
        this.time = time;
        this.lane = lane;
        this.branch = branch;
        this.commit = commit;
        this.outcome = outcome == null ? Outcome.ERROR : outcome; // as an id this version does not know reads
        this.totalMs = totalMs;
        this.phases = Collections.unmodifiableMap(phases == null ? new LinkedHashMap<>() : new LinkedHashMap<>(phases));
        this.retries = retries;
        this.batch = batch;
    }

    /** The record of how a lane's landing ended, timed now. */
    public static LandRun of(String lane, String branch, LandResult result, long totalMs, Map<String, Long> phases, int retries,
                      BatchRecord batch) {
        return new LandRun(Instant.now().toString(), lane, branch, result.commit(), result.outcome(), totalMs, phases,
                retries, batch);
    }

    public Outcome outcome() {
        return outcome;
    }

    public long phase(Phase phase) {
        return phases.getOrDefault(phase.id(), 0L);
    }
}

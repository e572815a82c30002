package dev.queuelock.land.history;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * A batch as the landing history keeps it, on the run of each of its members: who led it, who was
 * in it (queue order), how many check runs it took and the bisection steps. A JSON record, built
 * once when the batch is over.
 */
public final class BatchRecord {

    /** Unique per batch: {@code <epoch ms>-<leader pid>}. */
    public final String id;
    public final String leader;
    /** Member lanes in queue order, the leader first. */
    public final List<String> members;
    public final int checkRuns;
    /** One line per check run, conflict and verdict, in order. */
    public final List<String> steps;

    @JsonCreator
    public BatchRecord(@JsonProperty("id") String id, @JsonProperty("leader") String leader,
                       @JsonProperty("members") List<String> members, @JsonProperty("checkRuns") int checkRuns,
                       @JsonProperty("steps") List<String> steps) {
        this.id = id;
        this.leader = leader;
        this.members = members == null ? List.of() : List.copyOf(members);
        this.checkRuns = checkRuns;
        this.steps = steps == null ? List.of() : List.copyOf(steps);
    }
}

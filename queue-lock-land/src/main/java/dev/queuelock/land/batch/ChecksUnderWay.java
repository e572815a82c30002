package dev.queuelock.land.batch;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.queuelock.process.ProcessId;
import java.util.List;

/**
 * The checks a leader runs side by side, as it publishes them for {@code watch} in
 * {@code <git common dir>/queuelock/batch/checks/<lane>.json}: each as the lane it adds on the
 * lanes it ran on and how it stands, e.g. {@code lane-3 on lane-1+lane-2: checking}. A JSON record,
 * built once; a dead leader's is not shown.
 */
public final class ChecksUnderWay {

    public final long pid;
    public final String start;
    /** The leader's lane. */
    public final String lane;
    /** In the order they started. */
    public final List<String> checks;

    @JsonCreator
    ChecksUnderWay(@JsonProperty("pid") long pid, @JsonProperty("start") String start, @JsonProperty("lane") String lane,
                   @JsonProperty("checks") List<String> checks) {
        this.pid = pid;
        this.start = start;
        this.lane = lane;
        this.checks = checks == null ? List.of() : List.copyOf(checks);
    }

    @JsonIgnore
    public boolean leaderAlive() {
        return ProcessId.of(pid, start).isAlive();
    }
}

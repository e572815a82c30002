package dev.queuelock.land.batch;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.queuelock.LockRecord;
import dev.queuelock.land.engine.Landing;
import dev.queuelock.process.ProcessId;
import dev.queuelock.process.ProcessStart;

/**
 * What a waiting lander asks to have landed, published while it waits so the holder of the land
 * queue can take it into its batch: {@code <git common dir>/queuelock/batch/requests/<lane>.json}.
 * A JSON record and nothing more: built once, read-only.
 */
public final class BatchRequest {

    public final long pid;
    /** The process start token, so a recycled pid is never taken for the waiter. */
    public final String start;
    public final String lane;
    public final String branch;
    /** The lane's commit when it queued: exactly what lands. */
    public final String commit;
    public final String worktree;
    /** Epoch ms it was published: the start of its queue wait. */
    public final long ts;

    @JsonCreator
    BatchRequest(@JsonProperty("pid") long pid, @JsonProperty("start") String start, @JsonProperty("lane") String lane,
                 @JsonProperty("branch") String branch, @JsonProperty("commit") String commit,
                 @JsonProperty("worktree") String worktree, @JsonProperty("ts") long ts) {
        this.pid = pid;
        this.start = start;
        this.lane = lane;
        this.branch = branch;
        this.commit = commit;
        this.worktree = worktree;
        this.ts = ts;
    }

    /** This process's request to land its lane as it queued, published now. */
    static BatchRequest of(Landing landing) {
        return new BatchRequest(ProcessHandle.current().pid(), ProcessStart.current(), landing.lane().name(),
                landing.lane().branch(), landing.lane().head(), landing.git().worktree().toString(), System.currentTimeMillis());
    }

    /** The waiter that published it. */
    public ProcessId process() {
        return ProcessId.of(pid, start);
    }

    @JsonIgnore
    public boolean isAlive() {
        return process().isAlive();
    }

    /** Whether this is the request of the waiter behind a land queue ticket. */
    @JsonIgnore
    public boolean belongsTo(LockRecord waiter) {
        return waiter.lane().equals(lane) && ProcessId.of(waiter.pid(), waiter.start().orElse(null)).sameProcessAs(process());
    }

    @Override
    public String toString() {
        return lane + " (" + branch + " at " + Landing.shortSha(commit) + ", pid " + pid + ")";
    }
}

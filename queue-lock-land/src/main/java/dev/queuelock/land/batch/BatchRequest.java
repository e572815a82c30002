package dev.queuelock.land.batch;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.queuelock.LockRecord;
import dev.queuelock.land.Landing;
import dev.queuelock.process.ProcessId;

/**
 * What a waiting lander asks to have landed, published while it waits so the holder of the land
 * queue can take it into its batch: {@code <git common dir>/queuelock/batch/requests/<lane>.json}.
 * Public fields: a JSON record and nothing more.
 */
public final class BatchRequest {

    public long pid;
    /** The process start token, so a recycled pid is never taken for the waiter. */
    public String start;
    public String lane;
    public String branch;
    /** The lane's commit when it queued: exactly what lands. */
    public String commit;
    public String worktree;
    /** Epoch ms it was published: the start of its queue wait. */
    public long ts;

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

package dev.queuelock.land.batch;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.queuelock.land.Outcome;
import dev.queuelock.process.ProcessId;
import dev.queuelock.process.ProcessStart;

/**
 * What the batch leader tells one waiter, in {@code <git common dir>/queuelock/batch/verdicts/<lane>.json}:
 * first {@value #TAKEN} (do not land yourself, wait for me), then the outcome, one of
 * {@link Outcome#id()}. Addressed by pid and start token, so a verdict never reaches a later process.
 */
public final class BatchVerdict {

    public static final String TAKEN = "taken";

    /** The addressee. */
    public long pid;
    public String start;
    public String lane;
    public long leaderPid;
    public String leaderStart;
    public String leaderLane;
    public String batchId;
    /** {@value #TAKEN} or an outcome id. */
    public String state;
    /** The lane's commit that landed (outcome landed). */
    public String commit;
    /** The commit the leader took: the branch is moved only if it is still there. */
    public String requestCommit;
    /** The commit a check-failed lane was checked at: its lane on top of the lanes before it. */
    public String tested;
    /** The check log of a check-failed lane. */
    public String log;
    public String message;

    static BatchVerdict taken(BatchRequest request, String batchId, String leaderLane) {
        BatchVerdict v = new BatchVerdict();
        v.pid = request.pid;
        v.start = request.start;
        v.lane = request.lane;
        v.requestCommit = request.commit;
        v.leaderPid = ProcessHandle.current().pid();
        v.leaderStart = ProcessStart.current();
        v.leaderLane = leaderLane;
        v.batchId = batchId;
        v.state = TAKEN;
        return v;
    }

    BatchVerdict outcome(Outcome outcome, String landedCommit, String logFile, String text) {
        BatchVerdict v = taken(requestOf(), batchId, leaderLane);
        v.state = outcome.id();
        v.commit = landedCommit;
        v.log = logFile;
        v.message = text;
        return v;
    }

    @JsonIgnore
    public boolean isFinal() {
        return !TAKEN.equals(state);
    }

    @JsonIgnore
    public boolean leaderAlive() {
        return ProcessId.of(leaderPid, leaderStart).isAlive();
    }

    @JsonIgnore
    public Outcome outcome() {
        return Outcome.fromId(state);
    }

    /** Addressed to this request's waiter: the same lane and process, by the one rule either way round. */
    boolean isFor(BatchRequest request) {
        return lane.equals(request.lane) && ProcessId.of(pid, start).sameProcessAs(request.process());
    }

    private BatchRequest requestOf() {
        BatchRequest r = new BatchRequest();
        r.pid = pid;
        r.start = start;
        r.lane = lane;
        r.commit = requestCommit;
        return r;
    }
}

package dev.queuelock.land.batch;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.process.ProcessId;
import dev.queuelock.process.ProcessStart;

/**
 * What the batch leader tells one waiter, in {@code <git common dir>/queuelock/batch/verdicts/<lane>.json}:
 * first {@value #TAKEN} (do not land yourself, wait for me), then the outcome, one of
 * {@link Outcome#id()}. Addressed by pid and start token, so a verdict never reaches a later process.
 * A JSON record, built once: the outcome is a new verdict made from the "taken" one.
 */
public final class BatchVerdict {

    public static final String TAKEN = "taken";

    /** The addressee. */
    public final long pid;
    public final String start;
    public final String lane;
    public final long leaderPid;
    public final String leaderStart;
    public final String leaderLane;
    public final String batchId;
    /** {@value #TAKEN} or an outcome id. */
    public final String state;
    /** The lane's commit that landed (outcome landed). */
    public final String commit;
    /** The commit the leader took: the branch is moved only if it is still there. */
    public final String requestCommit;
    /** The commit a check-failed lane was checked at: its lane on top of the lanes before it. */
    public final String tested;
    /** The check log of a check-failed lane. */
    public final String log;
    public final String message;

    @JsonCreator
    BatchVerdict(@JsonProperty("pid") long pid, @JsonProperty("start") String start, @JsonProperty("lane") String lane,
                 @JsonProperty("leaderPid") long leaderPid, @JsonProperty("leaderStart") String leaderStart,
                 @JsonProperty("leaderLane") String leaderLane, @JsonProperty("batchId") String batchId,
                 @JsonProperty("state") String state, @JsonProperty("commit") String commit,
                 @JsonProperty("requestCommit") String requestCommit, @JsonProperty("tested") String tested,
                 @JsonProperty("log") String log, @JsonProperty("message") String message) {
        this.pid = pid;
        this.start = start;
        this.lane = lane;
        this.leaderPid = leaderPid;
        this.leaderStart = leaderStart;
        this.leaderLane = leaderLane;
        this.batchId = batchId;
        this.state = state;
        this.commit = commit;
        this.requestCommit = requestCommit;
        this.tested = tested;
        this.log = log;
        this.message = message;
    }

    /** This process, as leader of batch {@code batchId}, takes the request's lane into it. */
    static BatchVerdict taken(BatchRequest request, String batchId, String leaderLane) {
        return new BatchVerdict(request.pid, request.start, request.lane, ProcessHandle.current().pid(), ProcessStart.current(),
                leaderLane, batchId, TAKEN, null, request.commit, null, null, null);
    }

    /** The final verdict on the lane taken: how it ended, the commit it landed as (or was checked at), its check log, a message. */
    BatchVerdict decided(Outcome outcome, String landedCommit, String testedCommit, String logFile, String text) {
        return new BatchVerdict(pid, start, lane, leaderPid, leaderStart, leaderLane, batchId, outcome.id(), landedCommit,
                requestCommit, testedCommit, logFile, text);
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
}

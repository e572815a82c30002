package dev.queuelock.land.engine;

import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.history.BatchRecord;
import java.util.List;
import java.util.Optional;

/**
 * How a landing ended for every lane it decided, as a turn on the land queue returns it for the
 * {@link Lander} to report and record: this lander's own lane's result and, for a batch, its record
 * and the other members it answered. Immutable.
 */
public final class LandingResults {

    private final LandResult own;
    private final BatchRecord batch;
    private final List<Member> members;

    private LandingResults(LandResult own, BatchRecord batch, List<Member> members) {
        this.own = own;
        this.batch = batch;
        this.members = List.copyOf(members);
    }

    /** A lane landed on its own. */
    public static LandingResults alone(LandResult own) {
        return new LandingResults(own, null, List.of());
    }

    /** A batch: the leader's own lane, the batch and the members it answered. */
    public static LandingResults batch(LandResult own, BatchRecord batch, List<Member> members) {
        return new LandingResults(own, batch, members);
    }

    /** This lander's own lane. */
    public LandResult own() {
        return own;
    }

    /** The batch this landing was; empty for a lane landed on its own. */
    public Optional<BatchRecord> batch() {
        return Optional.ofNullable(batch);
    }

    /** The other lanes a batch leader answered, to record. */
    public List<Member> members() {
        return members;
    }

    /** Another lane a batch leader landed (or refused): who, queued since when, and how it ended. */
    public static final class Member {
        public final String lane;
        public final String branch;
        /** When it queued (epoch ms). */
        public final long queuedAt;
        /** From when it queued to the batch's start. */
        public final long queueWaitMs;
        public final LandResult result;

        public Member(String lane, String branch, long queuedAt, long queueWaitMs, LandResult result) {
            this.lane = lane;
            this.branch = branch;
            this.queuedAt = queuedAt;
            this.queueWaitMs = queueWaitMs;
            this.result = result;
        }
    }
}

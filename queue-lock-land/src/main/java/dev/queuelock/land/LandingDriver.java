package dev.queuelock.land;

import java.util.List;
import java.util.Optional;

/**
 * What varies between landing one lane in its own worktree and landing a batch: how the candidate
 * commit is built and checked, and what each ending means for the lanes involved. The loop around
 * it (fetch, candidate, still-held check, push with the guard's pass, retry when the remote moved)
 * is the {@link LandingEngine}'s, the same for both. Every ending is a {@link LandResult}, returned,
 * never written into shared state: {@link Lander} records them.
 */
public interface LandingDriver {

    /** Runs the engine's loop inside whatever this driver needs around it (a batch: its scratch worktree). */
    default LandResult around(Loop loop) throws InterruptedException {
        return loop.run();
    }

    /** Before each fetch. */
    default void beforeFetch() {
    }

    /** Builds the candidate on the just-fetched remote ref and checks it: the commit to push, or how the landing ended. */
    Candidate candidate(String remoteRef) throws InterruptedException;

    /** The candidate is on the integration branch. */
    LandResult pushed(String commit);

    /** The push was refused for good: nothing was pushed. */
    LandResult rejected(String why);

    /** The remote moved during the checks: the engine fetches and builds the candidate again. */
    void retrying(int retry);

    /** The land queue was lost before the push. */
    LandResult lostQueue();

    /**
     * After the loop (and the main checkout's sync): this lander's own lane's result, given the
     * loop's (a batch leader moves its branch to its landed commit, or says why it did not land).
     */
    default LandResult conclude(LandResult loop) {
        return loop;
    }

    /** The batch this landing was, for the history; empty for a lane landed on its own. */
    default Optional<BatchRecord> batch() {
        return Optional.empty();
    }

    /** Once done, however it ended: answers the other lanes of this landing (a batch's members) and returns them, to record. */
    default List<Member> finish() {
        return List.of();
    }

    /** The engine's loop. */
    interface Loop {
        LandResult run() throws InterruptedException;
    }

    /** A driver's candidate: a commit to push, or the result that ends the landing without a push. */
    final class Candidate {
        private final String commit;
        private final LandResult ended;

        private Candidate(String commit, LandResult ended) {
            this.commit = commit;
            this.ended = ended;
        }

        public static Candidate push(String commit) {
            return new Candidate(commit, null);
        }

        public static Candidate ended(LandResult result) {
            return new Candidate(null, result);
        }

        /** The commit to push, or null if the landing ended. */
        public String commit() {
            return commit;
        }

        public LandResult ended() {
            return ended;
        }
    }

    /** Another lane a batch leader landed (or refused): who, queued since when, and how it ended. */
    final class Member {
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

package dev.queuelock.land.base;

import dev.queuelock.land.engine.Lander;
import dev.queuelock.land.engine.LandingDriver;

/**
 * How one lane's landing ended, as a {@link LandingDriver} returns it: a closed set of kinds (the
 * private constructor lets no other class extend it; {@link #outcome()} names the kind for a
 * {@code switch}). {@link Lander} alone turns it into the history record and what the user is
 * told: {@link #message()} is logged for a success and thrown as the one-line failure otherwise.
 */
public abstract class LandResult {

    private final String message;

    private LandResult(String message) {
        this.message = message;
    }

    /** The kind, as the landing history names it. */
    public abstract Outcome outcome();

    /** What to tell the user, in one line (a failure's message says what to do next). */
    public String message() {
        return message;
    }

    /** The commit that reached the integration branch, or null if none did. */
    public String commit() {
        return null;
    }

    /** True for a landing that did what was asked: landed, or had nothing to land. */
    public boolean succeeded() {
        return outcome() == Outcome.LANDED || outcome() == Outcome.NOTHING_TO_LAND;
    }

    public static LandResult landed(String commit, String message) {
        return new Landed(commit, message);
    }

    public static LandResult nothingToLand(String message) {
        return new NothingToLand(message);
    }

    public static LandResult conflict(String message) {
        return new Conflict(message);
    }

    public static LandResult checksFailed(String message) {
        return new ChecksFailed(message);
    }

    public static LandResult rejected(String message) {
        return new Rejected(message);
    }

    public static LandResult failed(String message) {
        return new Failed(message);
    }

    /** Of a run recorded elsewhere (a batch member, answered by its leader): its outcome and commit. */
    public static LandResult of(Outcome outcome, String commit, String message) {
        switch (outcome) {
            case LANDED:
                return landed(commit, message);
            case NOTHING_TO_LAND:
                return nothingToLand(message);
            case REBASE_CONFLICT:
                return conflict(message);
            case CHECK_FAILED:
                return checksFailed(message);
            case PUSH_REJECTED:
                return rejected(message);
            default:
                return failed(message);
        }
    }

    @Override
    public String toString() {
        return outcome().id() + ": " + message;
    }

    /** The lane's commits are on the integration branch, at {@link #commit()}. */
    public static final class Landed extends LandResult {
        private final String commit;

        private Landed(String commit, String message) {
            super(message);
            this.commit = commit;
        }

        @Override
        public Outcome outcome() {
            return Outcome.LANDED;
        }

        @Override
        public String commit() {
            return commit;
        }
    }

    /** The lane's work was already on the integration branch: nothing checked, nothing pushed. */
    public static final class NothingToLand extends LandResult {
        private NothingToLand(String message) {
            super(message);
        }

        @Override
        public Outcome outcome() {
            return Outcome.NOTHING_TO_LAND;
        }
    }

    /** The lane conflicts with the integration branch (or the lanes batched before it). */
    public static final class Conflict extends LandResult {
        private Conflict(String message) {
            super(message);
        }

        @Override
        public Outcome outcome() {
            return Outcome.REBASE_CONFLICT;
        }
    }

    /** The checks failed on the rebased commit: nothing was pushed. */
    public static final class ChecksFailed extends LandResult {
        private ChecksFailed(String message) {
            super(message);
        }

        @Override
        public Outcome outcome() {
            return Outcome.CHECK_FAILED;
        }
    }

    /** The remote refused the push for good: nothing was forced. */
    public static final class Rejected extends LandResult {
        private Rejected(String message) {
            super(message);
        }

        @Override
        public Outcome outcome() {
            return Outcome.PUSH_REJECTED;
        }
    }

    /** Anything else that stopped the landing (git failed, the land queue was lost, a rebase could not be undone). */
    public static final class Failed extends LandResult {
        private Failed(String message) {
            super(message);
        }

        @Override
        public Outcome outcome() {
            return Outcome.ERROR;
        }
    }
}

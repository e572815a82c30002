package dev.queuelock.land.base;

/**
 * How a landing ended: its {@link Outcome}, the commit that reached the integration branch (landed
 * only) and what to tell the user in one line. A landing's driver makes it once, from how the
 * engine's loop ended; the lander records it in the landing history (the history's record is made
 * of it there) and returns it to the goal: {@link #message()} is logged for a success, and the one
 * line the goal fails with otherwise. Immutable.
 */
public final class LandResult {

    private final Outcome outcome;
    private final String commit;
    private final String message;

    private LandResult(Outcome outcome, String commit, String message) {
        this.outcome = outcome;
        this.commit = commit;
        this.message = message;
    }

    /** The lane's commits are on the integration branch, at {@code commit}. */
    public static LandResult landed(String commit, String message) {
        return new LandResult(Outcome.LANDED, commit, message);
    }

    /** The lane's work was already on the integration branch: nothing checked, nothing pushed. */
    public static LandResult nothingToLand(String message) {
        return new LandResult(Outcome.NOTHING_TO_LAND, null, message);
    }

    /** The lane conflicts with the integration branch (or the lanes batched before it). */
    public static LandResult conflict(String message) {
        return new LandResult(Outcome.REBASE_CONFLICT, null, message);
    }

    /** The checks failed on the rebased commit: nothing was pushed. */
    public static LandResult checksFailed(String message) {
        return new LandResult(Outcome.CHECK_FAILED, null, message);
    }

    /** The remote refused the push for good: nothing was forced. */
    public static LandResult rejected(String message) {
        return new LandResult(Outcome.PUSH_REJECTED, null, message);
    }

    /** Anything else that stopped the landing (git failed, the land queue was lost, a rebase could not be undone). */
    public static LandResult failed(String message) {
        return new LandResult(Outcome.ERROR, null, message);
    }

    /** Of a run recorded elsewhere (a batch member, answered by its leader): its outcome and commit. */
    public static LandResult of(Outcome outcome, String commit, String message) {
        return new LandResult(outcome, outcome == Outcome.LANDED ? commit : null, message);
    }

    /** How it ended, as the landing history names it. */
    public Outcome outcome() {
        return outcome;
    }

    /** What to tell the user, in one line (a failure's message says what to do next). */
    public String message() {
        return message;
    }

    /** The commit that reached the integration branch, or null if none did. */
    public String commit() {
        return commit;
    }

    /** True for a landing that did what was asked: landed, or had nothing to land. */
    public boolean succeeded() {
        return outcome == Outcome.LANDED || outcome == Outcome.NOTHING_TO_LAND;
    }

    @Override
    public String toString() {
        return outcome.id() + ": " + message;
    }
}

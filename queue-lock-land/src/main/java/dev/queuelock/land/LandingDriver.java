package dev.queuelock.land;

import java.util.List;

/**
 * What varies between landing one lane in its own worktree and landing a batch: how the candidate
 * commit is built and checked, and what each ending means for the lanes involved. The loop around
 * it (fetch, candidate, still-held check, push with the guard's pass, retry when the remote moved)
 * is the {@link LandingEngine}'s, the same for both.
 */
public interface LandingDriver {

    /** Runs the engine's loop inside whatever this driver needs around it (a batch: its scratch worktree). */
    default boolean around(Loop loop) throws InterruptedException {
        return loop.run();
    }

    /** Before each fetch. */
    default void beforeFetch() {
    }

    /**
     * Builds the candidate on the just-fetched remote ref and checks it.
     *
     * @return the commit to push, or null if there is nothing to push (nothing new, or nothing passed)
     */
    String candidate(String remoteRef) throws InterruptedException;

    /** The candidate is on the integration branch. */
    void pushed(String commit);

    /** The push was refused for good: nothing was pushed. */
    void rejected(String why);

    /** The remote moved during the checks: the engine fetches and builds the candidate again. */
    void retrying(int retry);

    /** The land queue was lost before the push: what to tell the user. */
    LandException lostQueue();

    /**
     * After the loop (and the main checkout's sync): this lander's own lane, if the loop has not
     * reported it yet (a batch leader moves its branch to its landed commit, or fails with why it
     * did not land).
     */
    default void conclude() {
    }

    /** Once done, however it ended: the runs to append to the landing history, this lander's first. */
    List<LandRun> finish();

    /** The engine's loop; true if something was pushed. */
    interface Loop {
        boolean run() throws InterruptedException;
    }
}

package dev.queuelock.land.engine;

import dev.queuelock.land.base.LandResult;

/**
 * What varies between landing one lane in its own worktree and landing a batch: how the candidate
 * commit is built and checked, and what each end of the loop means for the lanes involved. The
 * loop around it (fetch, candidate, still-held check, push with the guard's pass, retry when the
 * remote moved, sync of the main checkout) is the {@link LandingEngine}'s, the same for both. The
 * driver keeps no state between calls: each returns an immutable {@link LandingStep}, which the
 * engine hands back with the next call.
 *
 * @param <S> the driver's step
 */
public interface LandingDriver<S extends LandingStep> {

    /** The step before the first attempt: nothing built, nothing decided. */
    S start();

    /**
     * Builds the candidate on the just-fetched remote ref and checks it.
     *
     * @param previous {@link #start()}'s step, or the candidate whose push the remote refused because it moved meanwhile
     * @return the checked commit to push, or how the landing ended
     */
    S candidate(String remoteRef, S previous) throws InterruptedException;

    /**
     * How the landing ended, given how the loop ended {@code last} (the candidate, or the step before
     * a failure): landed at its commit, rejected by the remote (the message says why), or failed.
     */
    S ended(S last, LandResult end);
}

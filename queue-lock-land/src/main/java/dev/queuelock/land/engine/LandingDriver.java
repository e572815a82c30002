package dev.queuelock.land.engine;

/**
 * What varies between landing one lane in its own worktree and landing a batch: how the candidate
 * commit is built and checked, and what each end of the loop means for the lanes involved. The
 * loop around it (fetch, candidate, still-held check, push with the guard's pass, retry when the
 * remote moved, sync of the main checkout) is the {@link LandingEngine}'s, the same for both. The
 * driver keeps no state between calls: each returns an immutable {@link LandingStep}, which the
 * engine hands back with the next call. The engine tells the driver how its loop ended (landed,
 * rejected, failed) and the driver makes the landing's {@code LandResult} of it, once.
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
     * The loop pushed {@code candidate}'s commit: the landing's end, told once, by the driver.
     */
    S landed(S candidate);

    /**
     * The remote refused the push of {@code candidate} for good; {@code why} is what it did, e.g.
     * {@code rejected: non-fast-forward} or {@code rejected 3 times because the remote kept moving}.
     */
    S rejected(S candidate, String why);

    /**
     * The landing could not go on after {@code last} (the candidate, or the step before a failure):
     * git failed, or the land queue was lost. {@code message} says what happened and what to do.
     */
    S failed(S last, String message);
}

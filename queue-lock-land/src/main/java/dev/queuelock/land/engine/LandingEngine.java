package dev.queuelock.land.engine;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.git.PushResult;
import dev.queuelock.land.git.RepoContext;

/**
 * The one landing loop, for a lane alone and for a batch alike: fetch, let the driver build and
 * check a candidate, make sure the land queue is still held, push it fast-forward only with the
 * pre-push guard's pass, and when the remote moved meanwhile, start over (up to the retries); once
 * landed, fast-forward the main checkout. The loop tells the driver how it ended (landed, rejected,
 * or failed: the land queue lost, git failed), and the driver makes its last {@link LandingStep} of
 * it, with the landing's one {@link LandResult}, returned: a git failure too, so a batch still
 * answers what it decided.
 */
public final class LandingEngine {

    private final Landing landing;

    LandingEngine(Landing landing) {
        this.landing = landing;
    }

    /** Lands this lane on its own, rebased and checked in its own worktree. */
    public LandingResults alone() throws InterruptedException {
        return LandingResults.alone(land(new OwnWorktreeLanding(landing)).ended().orElseThrow());
    }

    /** @return the driver's last step, which says how the landing ended */
    public <S extends LandingStep> S land(LandingDriver<S> driver) throws InterruptedException {
        S step = driver.start();
        for (int attempt = 0; step.ended().isEmpty(); attempt++) {
            try {
                step = attempt(driver, step, attempt);
            } catch (LandException e) {
                return driver.failed(step, e.getMessage());
            }
        }
        if (step.ended().get().outcome() == Outcome.LANDED) {
            syncMainCheckout();
        }
        return step;
    }

    /** One attempt: how the landing ended, or the candidate whose push found the remote moved (to build again). */
    private <S extends LandingStep> S attempt(LandingDriver<S> driver, S previous, int attempt) throws InterruptedException {
        Git git = landing.git();
        CheckAndPushSettings settings = landing.settings();
        RepoContext repo = landing.repo();
        git.fetch(settings.remote(), repo.integration(), repo.remoteRef());
        landing.clock().end(Phase.FETCH);
        S candidate = driver.candidate(repo.remoteRef(), previous);
        if (candidate.ended().isPresent()) {
            return candidate;
        }
        // A backend that spans machines can lose the lock under a live holder (a ZooKeeper
        // session suspended or expired): then another lane may be landing, so do not push. A
        // push that slips through still cannot overwrite a newer main: it is fast-forward only.
        if (!landing.landLock().isHeld()) {
            return driver.failed(candidate, "lost the land queue before the push (its backend lost the lock, e.g."
                    + " a ZooKeeper session was suspended or expired); nothing was pushed and your commits are on "
                    + landing.lane().branch() + ". Run land again.");
        }
        PushResult push = git.landingPush(settings.remote(), candidate.commit(), repo.integration());
        landing.clock().end(Phase.PUSH);
        if (push.ok()) {
            return driver.landed(candidate);
        }
        boolean remoteMoved = push.remoteMoved();
        if (!remoteMoved || attempt >= settings.pushRetries) {
            return driver.rejected(candidate, remoteMoved ? "rejected " + (attempt + 1)
                    + " times because the remote kept moving" : "rejected: " + push.reason());
        }
        landing.clock().retrying();
        return candidate;
    }

    /** The push landed: a main checkout left behind is said, never a reason to report the landing failed. */
    private void syncMainCheckout() {
        if (!landing.settings().sync) {
            return;
        }
        try {
            new MainCheckoutSync(landing.repo().commonDir(), landing.settings(), landing.repo().integration(), landing.log())
                    .fastForward();
        } catch (LandException e) {
            landing.log().warn("the main checkout was not fast-forwarded: " + e.getMessage() + " (mvn queuelock:sync does it later)");
        }
        landing.clock().end(Phase.SYNC);
    }
}

package dev.queuelock.land;

import dev.queuelock.process.GitCommand;

/**
 * The one landing loop, for a lane alone and for a batch alike: fetch, let the driver build and
 * check a candidate, make sure the land queue is still held, push it fast-forward only with the
 * pre-push guard's pass, and when the remote moved meanwhile, start over (up to the retries).
 */
final class LandingEngine {

    private final Landing landing;

    LandingEngine(Landing landing) {
        this.landing = landing;
    }

    /** @return how the landing ended, as the driver judged it */
    LandResult land(LandingDriver driver) throws InterruptedException {
        return driver.around(() -> loop(driver));
    }

    private LandResult loop(LandingDriver driver) throws InterruptedException {
        Git git = landing.git();
        LandSettings settings = landing.settings();
        for (int attempt = 0; ; attempt++) {
            driver.beforeFetch();
            git.fetch(settings.remote, landing.repo().integration(), landing.repo().remoteRef());
            landing.clock().end(Phase.FETCH);
            LandingDriver.Candidate candidate = driver.candidate(landing.repo().remoteRef());
            if (candidate.commit() == null) {
                return candidate.ended();
            }
            // A backend that spans machines can lose the lock under a live holder (a ZooKeeper
            // session suspended or expired): then another lane may be landing, so do not push. A
            // push that slips through still cannot overwrite a newer main: it is fast-forward only.
            if (!landing.landLock().isHeld()) {
                return driver.lostQueue();
            }
            GitCommand.Result push = git.landingPush(settings.remote, candidate.commit(), landing.repo().integration());
            landing.clock().end(Phase.PUSH);
            if (push.ok()) {
                return driver.pushed(candidate.commit());
            }
            boolean remoteMoved = push.out.contains("[rejected]");
            if (!remoteMoved || attempt >= settings.pushRetries) {
                return driver.rejected(remoteMoved ? "rejected " + (attempt + 1) + " times because the remote kept moving"
                        : "rejected: " + push.lastErrorLine());
            }
            landing.clock().retrying();
            driver.retrying(attempt + 1);
        }
    }
}

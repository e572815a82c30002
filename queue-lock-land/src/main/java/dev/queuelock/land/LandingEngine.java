package dev.queuelock.land;

import dev.queuelock.process.GitCommand;
import java.util.Map;

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

    /** @return true if the driver's candidate was pushed */
    boolean land(LandingDriver driver) throws InterruptedException {
        return driver.around(() -> loop(driver));
    }

    private boolean loop(LandingDriver driver) throws InterruptedException {
        Git git = landing.git();
        LandSettings settings = landing.settings();
        for (int attempt = 0; ; attempt++) {
            driver.beforeFetch();
            git.output("fetch", "--quiet", settings.remote, "+refs/heads/" + landing.integration() + ":" + landing.remoteRef());
            landing.clock().end(Phase.FETCH);
            String candidate = driver.candidate(landing.remoteRef());
            if (candidate == null) {
                return false;
            }
            // A backend that spans machines can lose the lock under a live holder (a ZooKeeper
            // session suspended or expired): then another lane may be landing, so do not push. A
            // push that slips through still cannot overwrite a newer main: it is fast-forward only.
            if (!landing.landLock().isHeld()) {
                throw driver.lostQueue();
            }
            GitCommand.Result push = git.run(Map.of(Lander.LANDING_ENV, "1"), "push", "--porcelain", settings.remote,
                    candidate + ":refs/heads/" + landing.integration());
            landing.clock().end(Phase.PUSH);
            if (push.ok()) {
                driver.pushed(candidate);
                return true;
            }
            boolean remoteMoved = push.out.contains("[rejected]");
            if (!remoteMoved || attempt >= settings.pushRetries) {
                driver.rejected(remoteMoved ? "rejected " + (attempt + 1) + " times because the remote kept moving"
                        : "rejected: " + push.lastErrorLine());
                return false;
            }
            driver.retrying(attempt + 1);
            landing.clock().retrying();
        }
    }
}

package dev.queuelock.land.engine;

import dev.queuelock.QueueLock;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.checks.Checks;
import dev.queuelock.land.git.Git;

/**
 * What a lander works with, as the goal hands it over: git in the lane's worktree, the settings,
 * the checks, the two queues' locks and the log. Immutable; one per {@link Lander}.
 */
final class LandTools {

    final Git git;
    final LandSettings settings;
    final Checks checks;
    final QueueLock landLock;
    final QueueLock buildLock;
    final LandLog log;

    LandTools(Git git, LandSettings settings, Checks checks, QueueLock landLock, QueueLock buildLock, LandLog log) {
        this.git = git;
        this.settings = settings;
        this.checks = checks;
        this.landLock = landLock;
        this.buildLock = buildLock;
        this.log = log;
    }
}

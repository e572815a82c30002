package dev.queuelock.land;

import dev.queuelock.QueueLock;
import java.nio.file.Path;

/**
 * What one lander works with once it passed the preflight: its git worktree, settings, checks and
 * locks, the lane and integration branch, its run (as the history will keep it) and the clock
 * that fills the run's phases. Shared by the landing engine and its drivers.
 */
public final class Landing {

    private final Git git;
    private final LandSettings settings;
    private final Checks checks;
    private final QueueLock landLock;
    private final QueueLock buildLock;
    private final LandLog log;
    private final Path commonDir;
    private final String integration;
    private final String head;
    private final LandRun run;
    private final PhaseClock clock;

    Landing(Git git, LandSettings settings, Checks checks, QueueLock landLock, QueueLock buildLock, LandLog log,
            Path commonDir, String integration, String head, LandRun run, PhaseClock clock) {
        this.git = git;
        this.settings = settings;
        this.checks = checks;
        this.landLock = landLock;
        this.buildLock = buildLock;
        this.log = log;
        this.commonDir = commonDir;
        this.integration = integration;
        this.head = head;
        this.run = run;
        this.clock = clock;
    }

    public Git git() {
        return git;
    }

    public LandSettings settings() {
        return settings;
    }

    public Checks checks() {
        return checks;
    }

    /** The land queue this lander holds (once its turn came); a backend spanning machines can lose it. */
    public QueueLock landLock() {
        return landLock;
    }

    /** The build queue the checks hold. */
    public QueueLock buildLock() {
        return buildLock;
    }

    public LandLog log() {
        return log;
    }

    public Path commonDir() {
        return commonDir;
    }

    /** Where check logs are kept: beside the history, not in a worktree, so a log never dirties a lane. */
    public Path logDir() {
        return commonDir.resolve("queuelock").resolve("logs");
    }

    public String lane() {
        return run.lane;
    }

    public String branch() {
        return run.branch;
    }

    /** The lane's commit when it queued: exactly what lands. */
    public String head() {
        return head;
    }

    public String integration() {
        return integration;
    }

    /** {@code origin/main}, as messages name it. */
    public String remoteBranch() {
        return settings.remote + "/" + integration;
    }

    /** The remote-tracking ref every fetch updates and every rebase goes onto. */
    public String remoteRef() {
        return "refs/remotes/" + settings.remote + "/" + integration;
    }

    /** This lander's run, as the history will keep it. */
    public LandRun run() {
        return run;
    }

    public PhaseClock clock() {
        return clock;
    }

    public static String shortSha(String sha) {
        return sha != null && sha.length() > 10 ? sha.substring(0, 10) : String.valueOf(sha);
    }
}

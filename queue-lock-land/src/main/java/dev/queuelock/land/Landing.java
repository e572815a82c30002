package dev.queuelock.land;

import dev.queuelock.QueueLock;
import java.nio.file.Path;

/**
 * One lander's landing once it passed the preflight, as the engine and its drivers see it: the
 * lane (its worktree, branch and the commit it queued with), the repository, the tools and the
 * clock that times the phases. Immutable: how the landing ends is returned as a
 * {@link LandResult}, never written here.
 */
public final class Landing {

    private final LandTools tools;
    private final RepoContext repo;
    private final String branch;
    private final String head;
    private final PhaseClock clock;

    Landing(LandTools tools, RepoContext repo, String branch, String head, PhaseClock clock) {
        this.tools = tools;
        this.repo = repo;
        this.branch = branch;
        this.head = head;
        this.clock = clock;
    }

    public Git git() {
        return tools.git;
    }

    public LandSettings settings() {
        return tools.settings;
    }

    public Checks checks() {
        return tools.checks;
    }

    /** The land queue this lander holds (once its turn came); a backend spanning machines can lose it. */
    public QueueLock landLock() {
        return tools.landLock;
    }

    /** The build queue the checks hold. */
    public QueueLock buildLock() {
        return tools.buildLock;
    }

    public LandLog log() {
        return tools.log;
    }

    public RepoContext repo() {
        return repo;
    }

    public Path commonDir() {
        return repo.commonDir();
    }

    /** Where check logs are kept: beside the history, not in a worktree, so a log never dirties a lane. */
    public Path logDir() {
        return repo.stateDir().resolve("logs");
    }

    /** The lane: its worktree directory's name. */
    public String lane() {
        return tools.git.worktree().getFileName().toString();
    }

    public String branch() {
        return branch;
    }

    /** The lane as every message names it ({@link LaneName}). */
    public String named() {
        return LaneName.of(lane(), branch);
    }

    /** The lane's commit when it queued: exactly what lands. */
    public String head() {
        return head;
    }

    public String integration() {
        return repo.integration();
    }

    /** {@code origin/main}, as messages name it. */
    public String remoteBranch() {
        return repo.remoteBranch();
    }

    /** The remote-tracking ref every fetch updates and every rebase goes onto. */
    public String remoteRef() {
        return repo.remoteRef();
    }

    public PhaseClock clock() {
        return clock;
    }

    public static String shortSha(String sha) {
        return sha != null && sha.length() > 10 ? sha.substring(0, 10) : String.valueOf(sha);
    }
}

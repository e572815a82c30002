package dev.queuelock.land.git;

import dev.queuelock.land.base.LandException;
import dev.queuelock.repository.IntegrationBranch;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.repository.StateFolder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The repository a goal works on, found once and passed down: git's common dir (read from the
 * {@code .git} files by {@link RepoKey}, no process started), queue-lock's state dir in it, and
 * the integration branch (which may ask the remote, so it is asked once).
 */
public final class RepoContext {

    private final Path commonDir;
    private final IntegrationBranch integration;
    private final String remote;

    private RepoContext(Path commonDir, IntegrationBranch integration, String remote) {
        this.commonDir = commonDir;
        this.integration = integration;
        this.remote = remote;
    }

    /** The repository of this worktree, with the integration branch as the target chooses it. */
    public static RepoContext of(Git git, LandTarget target) {
        return new RepoContext(commonDir(git.worktree()), target.integration(git), target.remote());
    }

    /** As {@link #of(Git, LandTarget)} for a look (status, watch): the integration branch as last recorded ({@link LandTarget#knownIntegration}). */
    public static RepoContext known(Git git, LandTarget target) {
        return new RepoContext(commonDir(git.worktree()), target.knownIntegration(git), target.remote());
    }

    /** As {@link #of(Git, LandTarget)}, for a caller that has read the repository's key already: it is not read again. */
    public static RepoContext of(RepoKey repo, LandTarget target) {
        Git git = new Git(repo.worktree());
        return new RepoContext(checked(Path.of(repo.key()), repo.worktree()), target.integration(git), target.remote());
    }

    /** Git's common dir of the repository this directory is in (every worktree of a clone shares it). */
    public static Path commonDir(Path dir) {
        return checked(Path.of(RepoKey.of(dir).key()), dir);
    }

    private static Path checked(Path common, Path dir) {
        if (!Files.isRegularFile(common.resolve("HEAD"))) {
            throw new LandException(dir + " is not in a git repository; run this inside one.");
        }
        return common;
    }

    /** Where queue-lock keeps its state for this repository: {@code <git common dir>/queuelock}. */
    public static Path stateDir(Path commonDir) {
        return StateFolder.of(commonDir);
    }

    public Path commonDir() {
        return commonDir;
    }

    /** {@code <git common dir>/queuelock}: the history, in-flight notes, logs, the batch board. */
    public Path stateDir() {
        return stateDir(commonDir);
    }

    /** The integration branch's name. */
    public String integration() {
        return integration.name();
    }

    /** The integration branch and how it was chosen. */
    public IntegrationBranch integrationBranch() {
        return integration;
    }

    /** The remote lanes land on, e.g. {@code origin}. */
    public String remote() {
        return remote;
    }

    /** The integration branch on the remote. */
    public RemoteBranch remoteIntegration() {
        return RemoteBranch.of(remote, integration.name());
    }

    /** {@code origin/main}, as messages name it. */
    public String remoteBranch() {
        return remoteIntegration().toString();
    }

    /** The remote-tracking ref every fetch updates and every rebase goes onto. */
    public String remoteRef() {
        return remoteIntegration().trackingRef();
    }
}

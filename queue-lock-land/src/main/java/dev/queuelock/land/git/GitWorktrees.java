package dev.queuelock.land.git;

import dev.queuelock.land.base.LockFileMutex;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.process.GitCommand;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/** The worktrees of a repository: listing, adding and removing them. */
public final class GitWorktrees {

    /** One worktree as {@code git worktree list} reports it. */
    public static final class Worktree {
        private final Path path;
        private final String branch;

        Worktree(Path path, String branch) {
            this.path = path;
            this.branch = branch;
        }

        public Path path() {
            return path;
        }

        /** The branch checked out there (its name under {@code refs/heads/}); empty if detached or bare. */
        public Optional<String> branch() {
            return Optional.ofNullable(branch);
        }
    }

    private final Git git;

    GitWorktrees(Git git) {
        this.git = git;
    }

    /** Every registered worktree, the main one first. */
    public List<Worktree> list() {
        return GitOutput.worktrees(git.output("worktree", "list", "--porcelain", "-z"));
    }

    /**
     * Adds a worktree at {@code dir} on branch {@code branch} made at {@code base}; with
     * {@code resetBranch} an existing branch of that name is moved there. Git refuses when the
     * directory or the branch is taken: the claim of a lane.
     */
    public GitCommand.Result add(Path dir, String branch, String base, boolean resetBranch) {
        return exclusively(() -> git.run("worktree", "add", "--quiet", resetBranch ? "-B" : "-b", branch, dir.toString(), base));
    }

    /** Adds a worktree at {@code dir} with this worktree's HEAD checked out detached. */
    public GitCommand.Result addDetached(Path dir) {
        return exclusively(() -> git.run("worktree", "add", "--quiet", "--detach", dir.toString(), "HEAD"));
    }

    /** Removes a clean worktree; git refuses one with changes or untracked files. */
    public GitCommand.Result remove(Path dir) {
        return git.run("worktree", "remove", dir.toString());
    }

    /**
     * Removes a worktree whatever it holds, even locked; the caller checks that its directory is gone.
     * Taking turns with adds and prunes: a remove reads every entry under {@code worktrees/}, and one
     * half-made by an add beside it made the remove fail and leave the directory (checks side by side
     * removing and adding scratch worktrees from threads of one lander, ParallelLandingTest at load).
     */
    public void removeForced(Path dir) {
        exclusively(() -> git.run("worktree", "remove", "--force", "--force", dir.toString()));
    }

    /**
     * Forgets worktrees whose directory is gone (deleted with rm -rf), so their directory and branch
     * can be taken again. Best effort: one it could not forget is still refused by the next add.
     */
    public void prune() {
        exclusively(() -> git.run("worktree", "prune"));
    }

    /**
     * Runs an add, a remove or a prune while no other of ours, in this process or another, adds or prunes in
     * this repository: two adds at once race on its {@code worktrees/} directory ("failed to read
     * .../commondir"), and a {@code git worktree prune} that meets an add half-made (its entry under
     * {@code worktrees/}, not yet its {@code gitdir}) deletes the entry, and the add fails ("could
     * not open .../locked"). A lander cleaning up a dead leader's worktrees did that to the next
     * leader's check beside three CPU burners. The lock file is under {@code <git common dir>/queuelock};
     * without it (it cannot be made) the step runs anyway, as before.
     */
    private <T> T exclusively(Supplier<T> step) {
        Path lockFile;
        try {
            lockFile = StateEntry.WORKTREES_LOCK.of(RepoContext.commonDir(git.worktree()));
        } catch (RuntimeException e) {
            return step.get();
        }
        return LockFileMutex.whileHeldIfPossible(lockFile, step);
    }
}

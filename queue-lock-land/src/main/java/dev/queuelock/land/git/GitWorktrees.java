package dev.queuelock.land.git;

import dev.queuelock.process.GitCommand;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

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
        return git.run("worktree", "add", "--quiet", resetBranch ? "-B" : "-b", branch, dir.toString(), base);
    }

    /** Adds a worktree at {@code dir} with this worktree's HEAD checked out detached. */
    public GitCommand.Result addDetached(Path dir) {
        return git.run("worktree", "add", "--quiet", "--detach", dir.toString(), "HEAD");
    }

    /** Removes a clean worktree; git refuses one with changes or untracked files. */
    public GitCommand.Result remove(Path dir) {
        return git.run("worktree", "remove", dir.toString());
    }

    /** Removes a worktree whatever it holds, even locked; the caller checks that its directory is gone. */
    public void removeForced(Path dir) {
        git.run("worktree", "remove", "--force", "--force", dir.toString());
    }

    /**
     * Forgets worktrees whose directory is gone (deleted with rm -rf), so their directory and branch
     * can be taken again. Best effort: one it could not forget is still refused by the next add.
     */
    public void prune() {
        git.run("worktree", "prune");
    }
}

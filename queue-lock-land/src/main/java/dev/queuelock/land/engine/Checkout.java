package dev.queuelock.land.engine;

import dev.queuelock.land.git.Git;
import dev.queuelock.land.git.GitFiles;
import java.nio.file.Path;
import java.util.List;

/**
 * What git says a worktree is right now: its HEAD, the branch checked out (null if detached), a
 * rebase in progress, unmerged paths and changes to tracked files. What land reports about a lane
 * is read from here after the fact, never assumed from what it meant to do.
 */
public final class Checkout {

    private final Path worktree;
    private final String head;
    private final String branch;
    private final boolean rebasing;
    private final List<String> unmerged;
    private final List<String> changed;

    private Checkout(Path worktree, String head, String branch, boolean rebasing, List<String> unmerged, List<String> changed) {
        this.worktree = worktree;
        this.head = head;
        this.branch = branch;
        this.rebasing = rebasing;
        this.unmerged = unmerged;
        this.changed = changed;
    }

    /** Reads the worktree's state (every command only reads, so none takes a lock). */
    public static Checkout of(Git git) {
        boolean rebasing = !git.gitPathsPresent("rebase-merge", "rebase-apply").isEmpty();
        GitFiles files = git.files();
        return new Checkout(git.worktree(), git.head(), git.branch().orElse(null), rebasing, files.unmerged(),
                files.trackedChanges());
    }

    public String head() {
        return head;
    }

    /** The branch checked out, or null if HEAD is detached. */
    public String branch() {
        return branch;
    }

    public boolean rebasing() {
        return rebasing;
    }

    /** Paths with conflicts git left to resolve. */
    public List<String> unmerged() {
        return unmerged;
    }

    /** Tracked paths whose index or working-tree content differs from HEAD. */
    public List<String> changed() {
        return changed;
    }

    /** True if this is exactly the lane as it was: on {@code branch} at {@code commit}, nothing in progress or changed. */
    public boolean isUnchanged(String commit, String expectedBranch) {
        return head.equals(commit) && java.util.Objects.equals(branch, expectedBranch) && !rebasing && changed.isEmpty();
    }

    /** What the worktree is, in a few words a user can check with {@code git status}. */
    public String describe() {
        String where = branch == null ? "HEAD detached at " + Landing.shortSha(head) : "on " + branch + " at " + Landing.shortSha(head);
        return (rebasing ? "a rebase in progress, " : "") + where
                + (unmerged.isEmpty() ? "" : ", conflicts in " + summarize(unmerged))
                + (changed.isEmpty() || !unmerged.isEmpty() ? "" : ", changes to " + summarize(changed));
    }

    /**
     * The one command that brings the lane back to {@code commit} on {@code expectedBranch} from
     * this state without losing anything.
     */
    public String fix(String commit, String expectedBranch) {
        String in = "git -C " + worktree + " ";
        if (rebasing) {
            return in + "rebase --abort";
        }
        if (!java.util.Objects.equals(branch, expectedBranch) && expectedBranch != null) {
            return in + "switch " + expectedBranch;
        }
        return in + "reset --keep " + commit;
    }

    static String summarize(List<String> paths) {
        return paths.size() <= 3 ? String.join(", ", paths)
                : String.join(", ", paths.subList(0, 3)) + " and " + (paths.size() - 3) + " more";
    }
}

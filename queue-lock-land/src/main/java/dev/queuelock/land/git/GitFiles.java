package dev.queuelock.land.git;

import dev.queuelock.land.base.LandException;
import dev.queuelock.process.GitCommand;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The files of one worktree as git sees them: changed, conflicted, tracked, untracked, ignored. */
public final class GitFiles {

    /** One entry of {@code git status}: a path and whether it is untracked. */
    public static final class Change {
        private final String path;
        private final boolean untracked;

        Change(String path, boolean untracked) {
            this.path = path;
            this.untracked = untracked;
        }

        public String path() {
            return path;
        }

        public boolean untracked() {
            return untracked;
        }
    }

    private final Git git;

    GitFiles(Git git) {
        this.git = git;
    }

    /** Paths of tracked files whose index or working-tree content differs from HEAD. */
    public List<String> trackedChanges() {
        List<String> paths = new ArrayList<>();
        status("--untracked-files=no").forEach(change -> paths.add(change.path()));
        return paths;
    }

    /** What {@code git status} lists, untracked files included. */
    public List<Change> changes() {
        return status();
    }

    /** What {@code git status} lists under these paths, untracked files included. */
    public List<Change> changes(List<String> paths) {
        List<String> args = new ArrayList<>(List.of("--"));
        args.addAll(paths);
        return status(args.toArray(new String[0]));
    }

    private List<Change> status(String... more) {
        List<String> args = new ArrayList<>(List.of("status", "--porcelain=v1", "-z"));
        args.addAll(List.of(more));
        GitCommand.Result status = git.run(args.toArray(new String[0]));
        if (!status.ok()) {
            throw new LandException("git status failed in " + git.worktree() + ": " + status.lastErrorLine());
        }
        return GitOutput.status(status.out); // not stripped: " M" begins with a meaningful space
    }

    /** Paths with conflicts git left to resolve. */
    public List<String> unmerged() {
        return GitOutput.paths(git.output("diff", "--name-only", "-z", "--diff-filter=U"));
    }

    /** Tracked files, by path. */
    public List<String> tracked() {
        return GitOutput.paths(git.output("ls-files", "-z"));
    }

    /** Those of {@code paths} that are tracked (taken literally, not as patterns). */
    public List<String> trackedAmong(List<String> paths) {
        List<String> args = new ArrayList<>(List.of("ls-files", "-z", "--"));
        args.addAll(paths);
        return GitOutput.paths(git.output(Map.of("GIT_LITERAL_PATHSPECS", "1"), args.toArray(new String[0])));
    }

    /** What git would commit here: tracked files and the untracked ones no ignore rule covers. */
    public List<String> committable() {
        return GitOutput.paths(git.output("ls-files", "-z", "--cached", "--others", "--exclude-standard"));
    }

    /** Untracked files no ignore rule covers. */
    public List<String> untracked() {
        return GitOutput.paths(git.output("ls-files", "-z", "--others", "--exclude-standard"));
    }

    /** Untracked files that the gitignore-style patterns in {@code patterns} match. */
    public List<String> untrackedMatching(Path patterns) {
        return GitOutput.paths(git.output("ls-files", "-z", "--others", "--ignored", "--exclude-from=" + patterns));
    }

    /**
     * Paths that HEAD changes since it left {@code upstream} (from their merge base, so a moved
     * upstream adds nothing): a rename is its two paths, as a delete and an add.
     */
    public List<String> changedSince(String upstream) {
        return GitOutput.paths(git.output("diff", "--name-only", "-z", "--no-renames", upstream + "...HEAD", "--"));
    }

    /** The files {@code commit} changes since it forked from {@code upstream}. */
    public List<String> changedOn(String upstream, String commit) {
        return GitOutput.paths(git.output("diff", "--name-only", "-z", "--no-renames", upstream + "..." + commit, "--"));
    }

    /** The files changed from {@code from} to {@code to}, both commits. */
    public List<String> changedBetween(String from, String to) {
        return GitOutput.paths(git.output("diff", "--name-only", "-z", "--no-renames", from, to, "--"));
    }

    /** The files of a commit. */
    public List<String> at(String commit) {
        return GitOutput.paths(git.output("ls-tree", "-r", "-z", "--name-only", commit));
    }

    /** Puts tracked files back as the index has them. */
    public void restore(List<String> paths) {
        List<String> args = new ArrayList<>(List.of("checkout", "--"));
        args.addAll(paths);
        git.output(args.toArray(new String[0]));
    }
}

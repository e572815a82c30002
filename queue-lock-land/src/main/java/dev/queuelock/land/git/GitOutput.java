package dev.queuelock.land.git;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** What git's machine-readable outputs say, read the one way: NUL-separated lists, porcelain records. */
final class GitOutput {

    private static final String BRANCH = "refs/heads/";

    private GitOutput() {
    }

    /** The non-empty entries of a {@code -z} list. */
    static List<String> paths(String nulSeparated) {
        List<String> paths = new ArrayList<>();
        for (String path : nulSeparated.split("\0")) {
            if (!path.isEmpty()) {
                paths.add(path);
            }
        }
        return paths;
    }

    /** The entries of {@code git status --porcelain=v1 -z} (a rename's source follows as its own field). */
    static List<GitFiles.Change> status(String status) {
        List<GitFiles.Change> changes = new ArrayList<>();
        String[] entries = status.split("\0");
        for (int i = 0; i < entries.length; i++) {
            String entry = entries[i];
            if (entry.length() < 4) {
                continue;
            }
            changes.add(new GitFiles.Change(entry.substring(3), entry.startsWith("??")));
            if (entry.charAt(0) == 'R' || entry.charAt(0) == 'C') {
                i++;
            }
        }
        return changes;
    }

    /** The records of {@code git worktree list --porcelain -z}, the main worktree first. */
    static List<GitWorktrees.Worktree> worktrees(String list) {
        List<GitWorktrees.Worktree> worktrees = new ArrayList<>();
        Path path = null;
        String branch = null;
        for (String field : (list + "\0").split("\0", -1)) {
            if (field.isEmpty()) { // end of one worktree's record
                if (path != null) {
                    worktrees.add(new GitWorktrees.Worktree(path, branch));
                }
                path = null;
                branch = null;
            } else if (field.startsWith("worktree ")) {
                path = Path.of(field.substring("worktree ".length()));
            } else if (field.startsWith("branch " + BRANCH)) {
                branch = field.substring(("branch " + BRANCH).length());
            }
        }
        return worktrees;
    }

    /** The part of {@code ref} after {@code prefix}, if it has it. */
    static Optional<String> after(String prefix, String ref) {
        return ref.startsWith(prefix) ? Optional.of(ref.substring(prefix.length())) : Optional.empty();
    }

    /** {@code git rev-list --left-right --count <base>...<tip>}: base's own commits, a tab, tip's own. */
    static GitRefs.Divergence leftRight(String counts) {
        String[] lr = counts.strip().split("\\s+");
        return new GitRefs.Divergence(Integer.parseInt(lr[1]), Integer.parseInt(lr[0]));
    }
}

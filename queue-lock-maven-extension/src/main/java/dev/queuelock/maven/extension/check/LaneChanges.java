package dev.queuelock.maven.extension.check;

import dev.queuelock.process.GitCommand;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Properties;
import java.util.Set;

/**
 * The files a worktree changes since its base on the integration branch, as git says: committed,
 * staged, unstaged and untracked (an agent builds before it commits), relative to the worktree's
 * top; a rename is its two paths. Git runs with argument arrays and, as it only reads, without its
 * optional locks ({@link GitCommand}). Where git cannot tell, {@link #unknown} says why.
 */
final class LaneChanges {

    /** Land's keys ({@code dev.queuelock.land.LandTarget}), read here by name: the extension does not depend on land. */
    private static final String REMOTE = "queuelock.remote";
    private static final String INTEGRATION_BRANCH = "queuelock.integrationBranch";
    private static final Duration GIT_LIMIT = Duration.ofSeconds(60);

    /** The ref the changes are measured from, e.g. {@code origin/main}. */
    final String since;
    final List<String> paths;
    /** Why the changes are not known (then {@link #paths} is empty); null when they are. */
    final String unknown;

    private LaneChanges(String since, List<String> paths, String unknown) {
        this.since = since;
        this.paths = List.copyOf(paths);
        this.unknown = unknown;
    }

    static LaneChanges of(Path worktree, Properties user) throws InterruptedException {
        String remote = user.getProperty(REMOTE, "").isBlank() ? "origin" : user.getProperty(REMOTE).strip();
        String branch = user.getProperty(INTEGRATION_BRANCH, "").strip();
        // Land rebases onto <remote>/<branch>: the lane's base is where it left that.
        List<String> refs = branch.isEmpty() ? List.of(remote + "/HEAD") : List.of(remote + "/" + branch, branch);
        GitCommand git = GitCommand.in(worktree).withTimeout(GIT_LIMIT);
        try {
            for (String ref : refs) {
                if (ref.startsWith("-")) {
                    continue; // never an option to git
                }
                GitCommand.Result base = git.run("merge-base", "HEAD", ref);
                if (!base.ok()) {
                    continue;
                }
                GitCommand.Result tracked = git.run("diff", "--name-only", "-z", "--no-renames", base.out.strip(), "--");
                GitCommand.Result untracked = git.run("ls-files", "-z", "--others", "--exclude-standard");
                if (!tracked.ok() || !untracked.ok()) {
                    GitCommand.Result failed = tracked.ok() ? untracked : tracked;
                    return unknown(ref, "git could not list the changes since " + ref + ": " + failed.lastErrorLine());
                }
                Set<String> paths = new LinkedHashSet<>(split(tracked.out));
                paths.addAll(split(untracked.out));
                return new LaneChanges(named(git, ref), new ArrayList<>(paths), null);
            }
        } catch (IOException e) {
            return unknown(refs.get(0), "git cannot be run: " + e.getMessage());
        }
        return unknown(refs.get(0), "cannot tell the lane's base: no " + String.join(" nor ", refs) + " with a commit in common"
                + " with HEAD" + (branch.isEmpty() ? " (set " + INTEGRATION_BRANCH + ")" : ""));
    }

    /** {@code origin/main} for {@code origin/HEAD}: the branch a person knows. */
    private static String named(GitCommand git, String ref) throws IOException, InterruptedException {
        if (!ref.endsWith("/HEAD")) {
            return ref;
        }
        GitCommand.Result name = git.run("rev-parse", "--abbrev-ref", ref);
        return name.ok() && !name.out.isBlank() ? name.out.strip() : ref;
    }

    private static LaneChanges unknown(String since, String why) {
        return new LaneChanges(since, List.of(), why);
    }

    private static List<String> split(String nulSeparated) {
        List<String> paths = new ArrayList<>();
        for (String path : nulSeparated.split("\0")) {
            if (!path.isEmpty()) {
                paths.add(path);
            }
        }
        return paths;
    }
}

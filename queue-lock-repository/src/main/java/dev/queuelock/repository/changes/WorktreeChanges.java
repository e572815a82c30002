package dev.queuelock.repository.changes;

import dev.queuelock.process.GitCommand;
import dev.queuelock.repository.IntegrationBranch;
import dev.queuelock.repo.RepoKey;
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
 * top; a rename is its two paths. One answer for the affected build and the conflicts forecast.
 * Git runs with argument arrays and, as it only reads, without its optional locks
 * ({@link GitCommand}). Where git cannot tell, {@link #unknown} says why.
 */
public final class WorktreeChanges {

    private static final Duration GIT_LIMIT = Duration.ofSeconds(60);

    /** The ref the changes are measured from, with how it was chosen, e.g. {@code origin/main (the default branch of remote origin)}. */
    public final String since;
    public final List<String> paths;
    /** Why the changes are not known (then {@link #paths} is empty); null when they are. */
    public final String unknown;
    /** Where the worktree left the integration branch (a commit id); null when not known. */
    public final String base;

    private WorktreeChanges(String since, List<String> paths, String unknown, String base) {
        this.since = since;
        this.paths = List.copyOf(paths);
        this.unknown = unknown;
        this.base = base;
    }

    /**
     * The changes since the worktree's base: where it left the integration branch land rebases onto,
     * chosen as land chooses it ({@link IntegrationBranch}, as last recorded), on the remote, else locally.
     */
    public static WorktreeChanges of(Path worktree, Properties user) throws InterruptedException {
        GitCommand git = GitCommand.in(worktree).withTimeout(GIT_LIMIT);
        String remote = IntegrationBranch.REMOTE.from(user);
        IntegrationBranch integration = IntegrationBranch.known(git, Path.of(RepoKey.of(worktree).key()), remote,
                IntegrationBranch.CONFIGURED.from(user));
        return of(worktree, remote, integration);
    }

    /** The changes since the worktree's base on {@code integration} (on {@code remote}, else local). */
    public static WorktreeChanges of(Path worktree, String remote, IntegrationBranch integration) throws InterruptedException {
        GitCommand git = GitCommand.in(worktree).withTimeout(GIT_LIMIT);
        String branch = integration.name();
        List<String> refs = List.of(remote + "/" + branch, branch);
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
                String since = ref + " (" + integration.source() + ")";
                if (!tracked.ok() || !untracked.ok()) {
                    GitCommand.Result failed = tracked.ok() ? untracked : tracked;
                    return unknown(since, "git could not list the changes since " + since + ": " + failed.lastErrorLine());
                }
                Set<String> paths = new LinkedHashSet<>(split(tracked.out));
                paths.addAll(split(untracked.out));
                return new WorktreeChanges(since, new ArrayList<>(paths), null, base.out.strip());
            }
        } catch (IOException e) {
            return unknown(refs.get(0), "git cannot be run: " + e.getMessage());
        }
        return unknown(refs.get(0), "cannot tell the worktree's base: neither " + String.join(" nor ", refs)
                + " has a commit in common with HEAD (the integration branch is " + integration.describe() + ")");
    }

    private static WorktreeChanges unknown(String since, String why) {
        return new WorktreeChanges(since, List.of(), why, null);
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

package dev.queuelock.land;

import dev.queuelock.process.GitCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The git CLI in one worktree, as land uses it: typed operations over the project's one git
 * runner ({@link GitCommand}: argument arrays, no prompts, {@code GIT_OPTIONAL_LOCKS=0} for
 * commands that only read), with land's failures: git missing or interrupted is a
 * {@link LandException}. {@link #run} stays for what has no typed form yet. A name that starts
 * with '-' is passed after {@code --} or as a full ref by the callers.
 */
public final class Git {

    private final Path worktree;

    public Git(Path worktree) {
        this.worktree = worktree;
    }

    public Path worktree() {
        return worktree;
    }

    /** The commit checked out. */
    public String head() {
        return output("rev-parse", "HEAD");
    }

    /** The commit a ref points to. */
    public String commitOf(String ref) {
        return output("rev-parse", "--verify", "--quiet", ref + "^{commit}");
    }

    /** The branch checked out (its name under {@code refs/heads/}), or empty if HEAD is detached. */
    public Optional<String> branch() {
        GitCommand.Result head = run("symbolic-ref", "--quiet", "HEAD");
        String ref = head.out.strip();
        return head.ok() && ref.startsWith("refs/heads/") ? Optional.of(ref.substring("refs/heads/".length())) : Optional.empty();
    }

    /** Whether git's per-worktree file (e.g. {@code rebase-merge}, {@code MERGE_HEAD}) exists. */
    public boolean hasGitPath(String name) {
        return Files.exists(Path.of(output("rev-parse", "--path-format=absolute", "--git-path", name)));
    }

    /** Paths of tracked files whose index or working-tree content differs from HEAD. */
    public List<String> trackedChanges() {
        GitCommand.Result status = run("status", "--porcelain=v1", "-z", "--untracked-files=no");
        if (!status.ok()) {
            throw new LandException("git status failed in " + worktree + ": " + status.lastErrorLine());
        }
        return Checkout.statusPaths(status.out); // not stripped: " M" begins with a meaningful space
    }

    /** Fetches a remote's branch into a remote-tracking ref (forced: the remote is the truth). */
    public void fetch(String remote, String branch, String intoRef) {
        output("fetch", "--quiet", remote, "+refs/heads/" + branch + ":" + intoRef);
    }

    /** Pushes a commit to a remote's branch, fast-forward only, with the pre-push guard's pass. */
    public GitCommand.Result landingPush(String remote, String commit, String branch) {
        return run(Map.of(Lander.LANDING_ENV, "1"), "push", "--porcelain", remote, commit + ":refs/heads/" + branch);
    }

    public GitCommand.Result run(String... args) {
        return run(Map.of(), args);
    }

    public GitCommand.Result run(Map<String, String> env, String... args) {
        try {
            return GitCommand.in(worktree).withEnvironment(env).run(args);
        } catch (IOException e) {
            throw new LandException("cannot run git in " + worktree + ": " + e.getMessage() + "; is git installed?");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LandException("interrupted while running git " + String.join(" ", args));
        }
    }

    /** Runs git and returns its trimmed stdout, or fails with git's own last error line. */
    public String output(String... args) {
        GitCommand.Result result = run(args);
        if (!result.ok()) {
            throw new LandException("git " + args[0] + " failed: " + result.lastErrorLine());
        }
        return result.out.strip();
    }
}

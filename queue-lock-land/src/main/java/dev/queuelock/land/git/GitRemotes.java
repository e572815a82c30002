package dev.queuelock.land.git;

import dev.queuelock.process.GitCommand;
import java.util.List;
import java.util.Optional;

/**
 * The remotes of a repository, and what they say when asked. A remote's name is passed after
 * {@code --} where git allows it. Fetching a branch and pushing are {@link Git#fetch} and
 * {@link Git#landingPush}.
 */
public final class GitRemotes {

    private final Git git;

    GitRemotes(Git git) {
        this.git = git;
    }

    /** Whether a remote of that name is configured. */
    public boolean has(String remote) {
        return git.run("remote", "get-url", "--", remote).ok();
    }

    /** The names of the configured remotes. */
    public List<String> names() {
        String names = git.run("remote").out.strip();
        return names.isEmpty() ? List.of() : List.of(names.split("\n"));
    }

    /**
     * The remote's default branch, asked of the remote itself ({@code git ls-remote --symref}: a
     * remote added with {@code git remote add} has no {@code <remote>/HEAD}); empty if it cannot be asked.
     */
    public Optional<String> defaultBranch(String remote) {
        GitCommand.Result symref = git.run("ls-remote", "--symref", "--", remote, "HEAD");
        return symref.ok() ? GitOutput.symrefHead(symref.out) : Optional.empty();
    }

    /** The branch {@code refs/remotes/<remote>/HEAD} points to, as the last clone or fetch left it. */
    public Optional<String> trackedHead(String remote) {
        String prefix = RemoteBranch.trackingPrefix(remote);
        GitCommand.Result head = git.run("symbolic-ref", "--quiet", prefix + "HEAD");
        return head.ok() ? GitOutput.after(prefix, head.out.strip()) : Optional.empty();
    }

    /** Whether the remote has the branch (asked of the remote; false if it cannot be asked). */
    public boolean hasBranch(RemoteBranch branch) {
        return git.run("ls-remote", "--exit-code", "--heads", branch.remote(), branch.branchRef()).ok();
    }

    /** Fetches every branch of the remote, as {@code git fetch <remote>} does. */
    public void fetchAll(String remote) {
        git.fetchWith(remote);
    }
}

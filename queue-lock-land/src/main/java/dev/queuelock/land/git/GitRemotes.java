package dev.queuelock.land.git;

import java.util.List;

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

    /** Whether the remote has the branch (asked of the remote; false if it cannot be asked). */
    public boolean hasBranch(RemoteBranch branch) {
        return git.run("ls-remote", "--exit-code", "--heads", branch.remote(), branch.branchRef()).ok();
    }

    /** Fetches every branch of the remote, as {@code git fetch <remote>} does. */
    public void fetchAll(String remote) {
        git.fetchWith(remote);
    }
}

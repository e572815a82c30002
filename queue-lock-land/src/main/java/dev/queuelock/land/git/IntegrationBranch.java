package dev.queuelock.land.git;

import java.util.Optional;

/**
 * The branch lanes land on, and how it was found, so the user can see the choice and change it:
 * the configured one, else the remote's default branch (asked with {@code git ls-remote
 * --symref}: a remote added with {@code git remote add} has no {@code origin/HEAD}), else
 * {@code <remote>/HEAD}, else the branch of the main checkout, else {@code main}.
 */
public final class IntegrationBranch {

    private final String name;
    /** How it was found; null when configured. */
    private final String source;

    private IntegrationBranch(String name, String source) {
        this.name = name;
        this.source = source;
    }

    public String name() {
        return name;
    }

    /** {@code master (the default branch of remote origin; override with -Dqueuelock.land.integrationBranch=<branch>)}. */
    public String describe() {
        String property = "-D" + LandTarget.INTEGRATION_BRANCH.name();
        return name + " (" + (source == null ? "set by " + property : source + "; override with " + property + "=<branch>") + ")";
    }

    static IntegrationBranch resolve(Git git, String remote, String configured) {
        if (configured != null) {
            return new IntegrationBranch(configured, null);
        }
        GitRemotes remotes = git.remotes();
        if (remotes.has(remote)) {
            Optional<String> remoteHead = remotes.defaultBranch(remote);
            if (remoteHead.isPresent()) {
                return new IntegrationBranch(remoteHead.get(), "the default branch of remote " + remote);
            }
            Optional<String> tracked = remotes.trackedHead(remote);
            if (tracked.isPresent()) {
                return new IntegrationBranch(tracked.get(), "from " + remote + "/HEAD");
            }
        }
        // The first worktree git lists is the main checkout; detached or bare, it names no branch.
        Optional<String> mainCheckout = git.worktrees().list().get(0).branch();
        if (mainCheckout.isPresent()) {
            return new IntegrationBranch(mainCheckout.get(), "the branch of the main checkout");
        }
        return new IntegrationBranch("main", "the default: no remote HEAD and no branch in the main checkout");
    }
}

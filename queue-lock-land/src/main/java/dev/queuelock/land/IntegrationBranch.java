package dev.queuelock.land;

import dev.queuelock.process.GitCommand;
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

    /** {@code master (the default branch of remote origin; override with -Dqueuelock.integrationBranch=<branch>)}. */
    public String describe() {
        String property = "-D" + LandTarget.INTEGRATION_BRANCH;
        return name + " (" + (source == null ? "set by " + property : source + "; override with " + property + "=<branch>") + ")";
    }

    static IntegrationBranch resolve(Git git, String remote, String configured) {
        if (configured != null) {
            return new IntegrationBranch(configured, null);
        }
        if (git.run("remote", "get-url", "--", remote).ok()) {
            Optional<String> remoteHead = remoteDefault(git, remote);
            if (remoteHead.isPresent()) {
                return new IntegrationBranch(remoteHead.get(), "the default branch of remote " + remote);
            }
            GitCommand.Result head = git.run("symbolic-ref", "--quiet", "--short", "refs/remotes/" + remote + "/HEAD");
            String prefix = remote + "/";
            if (head.ok() && head.out.strip().startsWith(prefix)) {
                return new IntegrationBranch(head.out.strip().substring(prefix.length()), "from " + remote + "/HEAD");
            }
        }
        Optional<String> mainCheckout = mainCheckoutBranch(git);
        if (mainCheckout.isPresent()) {
            return new IntegrationBranch(mainCheckout.get(), "the branch of the main checkout");
        }
        return new IntegrationBranch("main", "the default: no remote HEAD and no branch in the main checkout");
    }

    /** {@code ref: refs/heads/master\tHEAD} from the remote itself; empty if it cannot be asked. */
    private static Optional<String> remoteDefault(Git git, String remote) {
        GitCommand.Result symref = git.run("ls-remote", "--symref", "--", remote, "HEAD");
        if (!symref.ok()) {
            return Optional.empty();
        }
        for (String line : symref.out.split("\n")) {
            if (line.startsWith("ref: refs/heads/") && line.endsWith("\tHEAD")) {
                return Optional.of(line.substring("ref: refs/heads/".length(), line.length() - "\tHEAD".length()));
            }
        }
        return Optional.empty();
    }

    /** The branch checked out in the first worktree of {@code git worktree list}: the main checkout. */
    private static Optional<String> mainCheckoutBranch(Git git) {
        GitCommand.Result list = git.run("worktree", "list", "--porcelain");
        if (!list.ok()) {
            return Optional.empty();
        }
        for (String line : list.out.split("\n")) {
            if (line.isEmpty()) {
                return Optional.empty(); // end of the first entry: detached or bare
            }
            if (line.startsWith("branch refs/heads/")) {
                return Optional.of(line.substring("branch refs/heads/".length()));
            }
        }
        return Optional.empty();
    }
}

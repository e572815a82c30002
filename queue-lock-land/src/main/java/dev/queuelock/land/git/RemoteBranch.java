package dev.queuelock.land.git;

/**
 * A branch of a remote and the remote-tracking ref a fetch keeps it in: the one place that writes
 * {@code refs/remotes/<remote>/<branch>}, so a fetch, a rebase onto it and a count against it name
 * the same ref.
 */
public final class RemoteBranch {

    private final String remote;
    private final String branch;

    private RemoteBranch(String remote, String branch) {
        this.remote = remote;
        this.branch = branch;
    }

    public static RemoteBranch of(String remote, String branch) {
        return new RemoteBranch(remote, branch);
    }

    /** {@code refs/remotes/<remote>/}: where a fetch from {@code remote} keeps its branches. */
    public static String trackingPrefix(String remote) {
        return "refs/remotes/" + remote + "/";
    }

    public String remote() {
        return remote;
    }

    public String branch() {
        return branch;
    }

    /** {@code refs/heads/<branch>}: the branch as the remote names it. */
    public String branchRef() {
        return "refs/heads/" + branch;
    }

    /** {@code refs/remotes/<remote>/<branch>}: our copy of it, as of the last fetch. */
    public String trackingRef() {
        return trackingPrefix(remote) + branch;
    }

    /** {@code origin/main}, as messages and git's short names say it. */
    @Override
    public String toString() {
        return remote + "/" + branch;
    }
}

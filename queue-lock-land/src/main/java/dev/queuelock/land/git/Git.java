package dev.queuelock.land.git;

import dev.queuelock.land.base.LandException;
import dev.queuelock.process.GitCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The git CLI in one worktree, as land and the plugin use it: every git call they make is a typed
 * operation here or in one of the classes this hands out by area ({@link #files}, {@link #refs},
 * {@link #worktrees}, {@link #remotes}), over the project's one git runner ({@link GitCommand}:
 * argument arrays, no prompts, {@code GIT_OPTIONAL_LOCKS=0} for commands that only read).
 *
 * <p>Git missing or interrupted is a {@link LandException}, and so is a failed read. A change git
 * may refuse (a rebase, a fast-forward, a worktree add) returns git's {@link GitCommand.Result}, so
 * the caller checks it and says why; the few whose failure is harmless (a prune) say so. Branch
 * names go in as full refs or after {@code --}, never where git would take them for an option.
 * Nothing here knows a landing or a lane: these classes use only core's runner,
 * {@link LandException}, {@link RemoteBranch} and {@link PushResult}.
 */
public final class Git {

    /** Set in the environment of our own pushes, so the pre-push guard ({@code PushGuard}) lets exactly those through. */
    public static final String LANDING_ENV = "QUEUELOCK_LANDING";

    private final Path worktree;

    public Git(Path worktree) {
        this.worktree = worktree;
    }

    public Path worktree() {
        return worktree;
    }

    /** The worktrees of this repository. */
    public GitWorktrees worktrees() {
        return new GitWorktrees(this);
    }

    /** The remotes of this repository. */
    public GitRemotes remotes() {
        return new GitRemotes(this);
    }

    /** The files of this worktree: what is changed, tracked, untracked. */
    public GitFiles files() {
        return new GitFiles(this);
    }

    /** The branches, refs and history of this repository. */
    public GitRefs refs() {
        return new GitRefs(this);
    }

    /** Whether this directory is in a git repository at all. */
    public boolean isRepository() {
        return run("rev-parse", "--git-dir").ok();
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
        return head.ok() ? GitOutput.after("refs/heads/", head.out.strip()) : Optional.empty();
    }

    /** A file of git's for this worktree, e.g. {@code hooks} (honouring {@code core.hooksPath}), {@code rebase-merge}. */
    public Path gitPath(String name) {
        return Path.of(output("rev-parse", "--path-format=absolute", "--git-path", name));
    }

    /** Those of git's per-worktree files (e.g. {@code rebase-merge}, {@code MERGE_HEAD}) that exist, asked at once. */
    public List<String> gitPathsPresent(String... names) {
        List<String> args = new ArrayList<>(List.of("rev-parse", "--path-format=absolute"));
        for (String name : names) {
            args.addAll(List.of("--git-path", name));
        }
        String[] paths = output(args.toArray(new String[0])).split("\n");
        List<String> present = new ArrayList<>();
        for (int i = 0; i < names.length; i++) {
            if (Files.exists(Path.of(paths[i].strip()))) {
                present.add(names[i]);
            }
        }
        return present;
    }

    /** Checks {@code commit} out detached, overwriting local changes, and deletes every untracked and ignored file. */
    public void checkOutClean(String commit) {
        output("checkout", "--quiet", "--force", "--detach", commit);
        output("clean", "-ffdxq");
    }

    /** {@code git rebase --no-autostash <upstream>}. */
    public GitCommand.Result rebase(String upstream) {
        return run("rebase", "--no-autostash", upstream);
    }

    /** {@code git rebase --no-autostash --onto <newBase> <upstream> <commit>}: the commits after upstream up to commit. */
    public GitCommand.Result rebaseOnto(String newBase, String upstream, String commit) {
        return run("rebase", "--no-autostash", "--quiet", "--onto", newBase, upstream, commit);
    }

    public GitCommand.Result abortRebase() {
        return run("rebase", "--abort");
    }

    /** Fast-forwards the branch checked out to {@code commit}; git refuses anything else. */
    public GitCommand.Result fastForward(String commit) {
        return run("merge", "--ff-only", "--quiet", commit);
    }

    /** Moves index and files from one commit's tree to another's; refuses to overwrite local changes. */
    public GitCommand.Result switchFiles(String from, String to) {
        return run("read-tree", "-m", "-u", from, to);
    }

    /** Fetches a remote's branch into its remote-tracking ref (forced: the remote is the truth). */
    public void fetch(RemoteBranch branch) {
        fetch(branch.remote(), branch.branch(), branch.trackingRef());
    }

    /**
     * Fetches a remote's branch into a ref (forced: the remote is the truth). A fetch checks what it
     * got against every ref of the repository, other worktrees' {@code HEAD} included, and {@code git
     * worktree add} writes a placeholder {@code HEAD} until its checkout is done: a lane being created
     * beside (by another agent) then fails the fetch with {@code bad object worktrees/NAME/HEAD}. That
     * fetch is tried again while the new worktree may still be checking out, about 8 s in all.
     */
    public void fetch(String remote, String branch, String intoRef) {
        fetchWith(remote, "+refs/heads/" + branch + ":" + intoRef);
    }

    /** {@code git fetch --quiet <args>}, tried again beside a worktree being added (see {@link #fetch(String, String, String)}). */
    void fetchWith(String... fetchArgs) {
        String[] args = new String[fetchArgs.length + 2];
        args[0] = "fetch";
        args[1] = "--quiet";
        System.arraycopy(fetchArgs, 0, args, 2, fetchArgs.length);
        GitCommand.Result result = run(args);
        for (int retry = 1; !result.ok() && WORKTREE_BEING_ADDED.matcher(result.err).find() && retry <= FETCH_RETRIES; retry++) {
            pause(Duration.ofMillis(100L * retry));
            result = run(args);
        }
        if (!result.ok()) {
            Matcher broken = WORKTREE_BEING_ADDED.matcher(result.err);
            throw new LandException("git fetch failed: " + (broken.find()
                    ? "the worktree " + broken.group(1) + " of this repository has no valid HEAD (a fetch checks every"
                            + " worktree's) and was not added in full after 8 s: see git worktree list, then git worktree repair or remove it"
                    : result.lastErrorLine()));
        }
    }

    private static final Pattern WORKTREE_BEING_ADDED = Pattern.compile("bad object worktrees/([^/\\s]+)/HEAD");
    private static final int FETCH_RETRIES = 12;

    private static void pause(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LandException("interrupted while waiting to fetch again");
        }
    }

    /** Pushes a commit to a remote's branch, fast-forward only, with the pre-push guard's pass. */
    public PushResult landingPush(String remote, String commit, String branch) {
        GitCommand.Result push = run(Map.of(LANDING_ENV, "1"), "push", "--porcelain", remote, commit + ":refs/heads/" + branch);
        return PushResult.of(push.exit, push.out, push.lastErrorLine());
    }

    /** Runs git here: for the facade's own classes only ({@code GitFiles}, {@code GitRefs}, ...). */
    GitCommand.Result run(String... args) {
        return run(Map.of(), args);
    }

    GitCommand.Result run(Map<String, String> env, String... args) {
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
    String output(String... args) {
        return output(Map.of(), args);
    }

    String output(Map<String, String> env, String... args) {
        GitCommand.Result result = run(env, args);
        if (!result.ok()) {
            throw new LandException("git " + args[0] + " failed: " + result.lastErrorLine());
        }
        return result.out.strip();
    }
}

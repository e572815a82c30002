package dev.queuelock.land.engine;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.git.GitRefs;
import dev.queuelock.land.git.RemoteBranch;
import dev.queuelock.process.GitCommand;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * After a landing (or on its own: {@code queuelock:sync}), brings the main checkout (the worktree
 * of the git common dir) up to the integration head already fetched — fast-forward only. Changes
 * to regenerable files there are discarded first. Other local changes do not block it: git's own
 * {@code merge --ff-only} decides, and it refuses only when the incoming commits touch a file
 * changed (or untracked) there, so an unrelated edit is carried along untouched. When it does not
 * move the main checkout (another branch, diverged, files in the way), it says why in one line.
 */
public final class MainCheckoutSync {

    /** How long to wait for another git command's {@code index.lock} in the main checkout (an IDE, a status). */
    static final long INDEX_LOCK_WAIT_MS = 3_000;

    private final Path commonDir;
    private final CheckAndPushSettings settings;
    private final String remote;
    private final String integration;
    private final LandLog log;

    public MainCheckoutSync(Path commonDir, CheckAndPushSettings settings, String integration, LandLog log) {
        this.commonDir = commonDir;
        this.settings = settings;
        this.remote = settings.remote();
        this.integration = integration;
        this.log = log;
    }

    /** @return true if the main checkout is now at (or ahead of) {@code <remote>/<integration>} */
    public boolean fastForward() {
        Path main = commonDir.getParent();
        if (!commonDir.getFileName().toString().equals(".git") || main == null || !Files.isDirectory(main)) {
            return false; // a bare common dir has no main checkout to update
        }
        Git git = new Git(main);
        RemoteBranch target = RemoteBranch.of(remote, integration);
        String leftAsIs = leftAsIs(git, target);
        if (leftAsIs != null) {
            log.warn("main checkout " + main + " " + leftAsIs);
            return false;
        }
        try {
            new Preflight(git, settings).discardRegenerableChanges();
        } catch (LandException e) {
            log.warn("main checkout " + main + ": its regenerable files could not be restored, so it was left as is: "
                    + e.getMessage());
            return false;
        }
        GitCommand.Result merge = waitingForIndexLock(() -> git.fastForward(target.trackingRef()));
        if (!merge.ok()) {
            log.warn("main checkout " + main + " could not be fast-forwarded to " + target + "; left as is: "
                    + why(git, merge) + (isIndexLocked(merge) ? "" : " (then: git -C " + main + " merge --ff-only " + target + ")"));
            return false;
        }
        return true;
    }

    /** Why the main checkout is not ours to move, in words; null when a fast-forward may be tried. */
    private String leftAsIs(Git git, RemoteBranch target) {
        Optional<String> branch = git.branch();
        if (branch.isEmpty()) {
            return "has a detached HEAD (a rebase or bisect in progress?), not " + integration + "; left as is"
                    + " (git -C " + git.worktree() + " status says what is going on)";
        }
        if (!branch.get().equals(integration)) {
            return "is on branch '" + branch.get() + "', not " + integration + "; left as is (to follow " + integration
                    + ": git -C " + git.worktree() + " switch " + integration + ")";
        }
        // Ahead only (commits of its own, none to take) is no divergence: the merge below changes nothing.
        Optional<GitRefs.Divergence> apart = git.refs().divergence(target.trackingRef(), "HEAD");
        if (apart.isEmpty() || apart.get().ahead() > 0 && apart.get().behind() > 0) {
            return "has diverged from " + target + "; left as is: " + apart.map(d -> d.ahead() + " commit(s)").orElse("commits")
                    + " of its own (see git -C " + git.worktree() + " log " + target + "..HEAD)";
        }
        return null;
    }

    /** Runs a git step, trying again while another git command holds the main checkout's index.lock, for a short while. */
    static GitCommand.Result waitingForIndexLock(Supplier<GitCommand.Result> step) {
        long deadline = System.currentTimeMillis() + INDEX_LOCK_WAIT_MS;
        long pause = 50;
        GitCommand.Result result = step.get();
        while (!result.ok() && isIndexLocked(result) && System.currentTimeMillis() < deadline) {
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return result;
            }
            pause = Math.min(pause * 2, 500);
            result = step.get();
        }
        return result;
    }

    /** Said in any language: git names the lock file's path, whatever its words around it. */
    private static boolean isIndexLocked(GitCommand.Result result) {
        return result.err.contains("index.lock");
    }

    /** git's refusal, short: the files in the way, or that another git command kept the index locked. */
    private static String why(Git git, GitCommand.Result merge) {
        if (isIndexLocked(merge)) {
            return "another git command kept its index.lock for " + INDEX_LOCK_WAIT_MS / 1000 + " s; run mvn queuelock:sync when it is done";
        }
        List<String> inTheWay = new ArrayList<>(); // one per line after a tab, in every language git speaks
        for (String line : merge.err.split("\n")) {
            if (line.startsWith("\t") && !line.isBlank()) {
                inTheWay.add(line.strip());
            }
        }
        if (inTheWay.isEmpty()) {
            return merge.errorOnOneLine();
        }
        Set<String> tracked = new HashSet<>(git.files().trackedAmong(inTheWay));
        List<String> changed = new ArrayList<>();
        List<String> untracked = new ArrayList<>();
        inTheWay.forEach(file -> (tracked.contains(file) ? changed : untracked).add(file));
        String files = (changed.isEmpty() ? "" : "local changes to " + String.join(", ", changed))
                + (changed.isEmpty() || untracked.isEmpty() ? "" : " and ")
                + (untracked.isEmpty() ? "" : "untracked " + String.join(", ", untracked));
        return "in the way of the incoming commits: " + files + "; commit, stash or move them";
    }
}

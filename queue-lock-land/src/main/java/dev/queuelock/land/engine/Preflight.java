package dev.queuelock.land.engine;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.setup.AgentInstructions;
import dev.queuelock.land.setup.ClaudeSettings;
import java.util.ArrayList;
import java.util.List;

/**
 * The refusals made before queueing, each with the reason and the fix: a lane that cannot land
 * must not make others wait for it. Regenerable files are the one thing touched: they are restored
 * so build noise does not block a rebase.
 */
final class Preflight {

    private final Git git;
    private final CheckAndPushSettings settings;

    Preflight(Git git, CheckAndPushSettings settings) {
        this.git = git;
        this.settings = settings;
    }

    /** @return the lane's branch */
    String check(String integrationBranch) {
        requireRemote();
        String branch = git.branch().orElseThrow(() -> new LandException(
                "HEAD is detached; check out your lane's branch (git switch <branch>) and run land again."));
        if (branch.equals(integrationBranch) || settings.target.protectedBranches().contains(branch)) {
            throw new LandException("refusing to land from '" + branch + "': land is for lane branches; make a lane with "
                    + AgentInstructions.mavenCommand(git.worktree()) + " " + ClaudeSettings.LANE_GOAL
                    + " (a worktree of its own on a new branch; it prints the path last), commit there and run land from it.");
        }
        List<String> markers = git.gitPathsPresent("rebase-merge", "rebase-apply", "MERGE_HEAD", "CHERRY_PICK_HEAD");
        if (!markers.isEmpty()) {
            String marker = markers.get(0);
            String what = marker.startsWith("rebase") ? "a rebase" : marker.startsWith("MERGE") ? "a merge" : "a cherry-pick";
            throw new LandException(what + " is in progress in " + git.worktree() + " (perhaps an interrupted land); "
                    + "finish it or abort it (git " + (what.equals("a rebase") ? "rebase" : what.equals("a merge") ? "merge" : "cherry-pick")
                    + " --abort), then run land again.");
        }
        discardRegenerableChanges();
        List<String> dirty = trackedChanges();
        if (!dirty.isEmpty()) {
            throw new LandException("you have uncommitted changes to tracked files (" + Checkout.summarize(dirty)
                    + "); land pushes commits, not the working tree: commit or stash them, then run land again.");
        }
        return branch;
    }

    /** No remote, no landing: say so before queueing, not as a cut line of git fetch's error after it. */
    private void requireRemote() {
        if (!git.remotes().has(settings.remote())) {
            String remotes = String.join(" ", git.remotes().names());
            throw new LandException("this repository has no remote '" + settings.remote() + "' to land on"
                    + (remotes.isEmpty() ? " (it has no remote at all): add it with git remote add " + settings.remote() + " <url>"
                            : " (its remotes: " + remotes + "): name yours with -Dqueuelock.land.remote=<name> or add it with git remote add "
                            + settings.remote() + " <url>")
                    + ", then run land again.");
        }
    }

    /** Restores changed regenerable files (and only those), whatever else is dirty: a build rewrites them anyway. */
    void discardRegenerableChanges() {
        List<String> dirty = trackedChanges();
        List<String> regenerable = new ArrayList<>();
        for (String path : dirty) {
            if (settings.regenerableFiles.contains(path)) {
                regenerable.add(path);
            }
        }
        if (!regenerable.isEmpty()) {
            git.files().restore(regenerable);
        }
    }

    /** Paths of tracked files with staged or unstaged changes (untracked files do not block a rebase). */
    private List<String> trackedChanges() {
        return git.files().trackedChanges();
    }
}

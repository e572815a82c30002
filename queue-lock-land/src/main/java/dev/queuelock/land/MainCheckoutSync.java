package dev.queuelock.land;

import dev.queuelock.process.GitCommand;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * After a landing (or on its own: {@code queuelock:sync}), brings the main checkout (the worktree
 * of the git common dir) up to the integration head already fetched — fast-forward only. Changes
 * to regenerable files there are discarded first; any other change, a diverged main checkout, or
 * one on another branch, is left exactly as it is, with a warning where that needs a human.
 */
public final class MainCheckoutSync {

    private final Path commonDir;
    private final LandSettings settings;
    private final String remote;
    private final String integration;
    private final LandLog log;

    public MainCheckoutSync(Path commonDir, LandSettings settings, String integration, LandLog log) {
        this.commonDir = commonDir;
        this.settings = settings;
        this.remote = settings.remote;
        this.integration = integration;
        this.log = log;
    }

    /** @return true if the main checkout is now at {@code <remote>/<integration>} */
    public boolean fastForward() {
        Path main = commonDir.getParent();
        if (!commonDir.getFileName().toString().equals(".git") || main == null || !Files.isDirectory(main)) {
            return false; // a bare common dir has no main checkout to update
        }
        Git git = new Git(main);
        GitCommand.Result head = git.run("symbolic-ref", "--quiet", "--short", "HEAD");
        if (!head.ok() || !head.out.strip().equals(integration)) {
            return false; // not on the integration branch: nothing of ours to move
        }
        new Preflight(git, settings).discardRegenerableChanges();
        GitCommand.Result status = git.run("status", "--porcelain", "--untracked-files=no");
        if (!status.ok() || !status.out.isBlank()) {
            log.warn("main checkout " + main + " has uncommitted changes; left as is (update it with: git -C "
                    + main + " merge --ff-only " + remote + "/" + integration + ")");
            return false;
        }
        String target = "refs/remotes/" + remote + "/" + integration;
        GitCommand.Result merge = git.run("merge", "--ff-only", "--quiet", target);
        if (!merge.ok()) {
            boolean diverged = !git.run("merge-base", "--is-ancestor", "HEAD", target).ok();
            log.warn("main checkout " + main + (diverged ? " has diverged from " : " could not be fast-forwarded to ")
                    + remote + "/" + integration + "; left as is: " + merge.errorOnOneLine());
            return false;
        }
        return true;
    }
}

package dev.queuelock.land;

import dev.queuelock.process.GitCommand;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * After a landing, brings the main checkout (the worktree of the git common dir) up to the new
 * integration head — fast-forward only. A dirty or diverged main checkout, or one on another
 * branch, is left exactly as it is, with a warning where that needs a human.
 */
final class MainCheckoutSync {

    private final Path commonDir;
    private final String remote;
    private final String integration;
    private final LandLog log;

    MainCheckoutSync(Path commonDir, String remote, String integration, LandLog log) {
        this.commonDir = commonDir;
        this.remote = remote;
        this.integration = integration;
        this.log = log;
    }

    void fastForward() {
        Path main = commonDir.getParent();
        if (!commonDir.getFileName().toString().equals(".git") || main == null || !Files.isDirectory(main)) {
            return; // a bare common dir has no main checkout to update
        }
        Git git = new Git(main);
        GitCommand.Result head = git.run("symbolic-ref", "--quiet", "--short", "HEAD");
        if (!head.ok() || !head.out.strip().equals(integration)) {
            return; // not on the integration branch: nothing of ours to move
        }
        GitCommand.Result status = git.run("status", "--porcelain", "--untracked-files=no");
        if (!status.ok() || !status.out.isBlank()) {
            log.warn("main checkout " + main + " has uncommitted changes; left as is (update it with: git -C "
                    + main + " merge --ff-only " + remote + "/" + integration + ")");
            return;
        }
        GitCommand.Result merge = git.run("merge", "--ff-only", "--quiet", "refs/remotes/" + remote + "/" + integration);
        if (!merge.ok()) {
            log.warn("main checkout " + main + " has diverged from " + remote + "/" + integration
                    + "; left as is: " + merge.lastErrorLine());
        }
    }
}

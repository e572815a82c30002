package dev.queuelock.land.batch;

import dev.queuelock.land.engine.Landing;
import dev.queuelock.land.git.Git;
import dev.queuelock.process.GitCommand;
import java.util.Optional;

/**
 * Moves a lane's branch to the commit it landed as, the way {@code land} leaves a lane on its own:
 * only if the branch is still at the commit that was queued (checked atomically by
 * {@code update-ref <new> <old>}), and in the worktree only what a checkout from the old commit
 * to the new one changes (a two-tree {@code read-tree -m -u}, which refuses to overwrite local
 * changes). Never a reset, never a forced checkout.
 */
final class BranchMover {

    private BranchMover() {
    }

    /** @return a warning for the user if the branch was left where it was */
    static Optional<String> move(Git git, String branch, String from, String to) {
        if (from.equals(to)) {
            return Optional.empty();
        }
        if (!git.refs().resolve("refs/heads/" + branch).filter(from::equals).isPresent()) {
            return Optional.of(left(branch, to, "it moved while it was queued"));
        }
        boolean checkedOut = git.branch().filter(branch::equals).isPresent();
        if (checkedOut) {
            GitCommand.Result files = git.switchFiles(from, to);
            if (!files.ok()) {
                return Optional.of(left(branch, to, "local changes would be overwritten: " + files.lastErrorLine()));
            }
        }
        GitCommand.Result update = git.refs().moveBranch(branch, from, to, "queuelock: landed in a batch");
        if (!update.ok()) {
            String why = update.lastErrorLine();
            if (checkedOut) {
                GitCommand.Result back = git.switchFiles(to, from); // back to the files of the branch's commit
                why += back.ok() ? "" : "; its files are still those of " + Landing.shortSha(to) + " (" + back.lastErrorLine() + ")";
            }
            return Optional.of(left(branch, to, why));
        }
        return Optional.empty();
    }

    private static String left(String branch, String to, String why) {
        return branch + " was left where it is (" + why + "); it landed as " + Landing.shortSha(to)
                + ": git switch " + branch + " && git reset --keep " + to + " brings it there.";
    }
}

package dev.queuelock.maven.goals;

import dev.queuelock.land.disk.DiskMeter;
import dev.queuelock.land.git.LandTarget;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.land.lanes.Lane;
import dev.queuelock.land.lanes.LaneBoard;
import dev.queuelock.land.lanes.LaneInstalls;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LanePruner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** What the goals that land, or look at where lanes land, share: the remote and the guarded branches. */
abstract class AbstractLandTargetMojo extends AbstractRepositoryMojo {

    /** Where lanes land, as configured; the integration branch is chosen (once) when first asked. */
    LandTarget target() {
        List<String> ignored = new ArrayList<>(); // text and lists: nothing to refuse
        return new LandTarget(setting(LandTarget.REMOTE, ignored), setting(LandTarget.INTEGRATION_BRANCH, ignored),
                setting(LandTarget.PROTECTED_BRANCHES, ignored));
    }

    /** The lanes measured against {@code <remote>/<integration>}, the integration branch asked of the remote (land, prune). */
    LaneBoard board(LaneLayout layout, LandTarget target) {
        return new LaneBoard(layout, RepoContext.of(layout.mainGit(), target).remoteRef(), () -> laneRecords(layout));
    }

    /**
     * The lanes as a look shows them (status, watch): measured against the integration branch as the
     * last landing recorded it, so looking starts no {@code git ls-remote}, which goes to the network.
     */
    LaneBoard boardAsKnown(LaneLayout layout, LandTarget target) {
        return new LaneBoard(layout, RepoContext.known(layout.mainGit(), target).remoteRef(), () -> laneRecords(layout));
    }

    /** What measures the lanes' disk use: their worktrees, and their parts of this build's local repository. */
    DiskMeter diskMeter(LaneLayout layout) {
        return new DiskMeter(layout.commonDir(), new LaneInstalls(layout, localRepository()), layout.mainCheckout().getParent());
    }

    /**
     * Prunes with {@code pruner} as {@code by} ({@code prune}, or {@code land} after a landing) from {@code current}, then
     * counts what is freeable now for the lanes' builds to quote when free space is low: what was freed is no longer said
     * to be freeable (counted only when something was freed: a landing that pruned nothing pays nothing). Returns the lanes removed.
     */
    List<Lane> pruneAndCount(LanePruner pruner, LaneLayout layout, Path current, String by) {
        List<Lane> removed = pruner.prune(current);
        if (!removed.isEmpty() || pruner.freedBytes() > 0 || pruner.droppedOutputLanes() > 0) { // else what was counted stands
            diskMeter(layout).lookAndKeep(pruner.kept(), pruner.droppedOutputOf(), System.currentTimeMillis(), by);
        }
        return removed;
    }

    /** What prunes landed lanes (prune, and land after a landing), with what they installed into this build's local repository. */
    LanePruner pruner(LaneLayout layout, LandTarget target) {
        return new LanePruner(board(layout, target), landLog(), new LaneInstalls(layout, localRepository()));
    }
}

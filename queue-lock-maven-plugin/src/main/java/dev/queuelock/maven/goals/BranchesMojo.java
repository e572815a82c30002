package dev.queuelock.maven.goals;

import dev.queuelock.land.git.LandTarget;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.land.lanes.LaneBoard;
import dev.queuelock.land.lanes.LaneInstalls;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LanePruner;
import java.util.List;
import org.apache.maven.plugins.annotations.Parameter;

/** What the goals that land, or look at where lanes land, share: the remote and the guarded branches. */
abstract class BranchesMojo extends AbstractLanesMojo {

    /**
     * The remote to fetch from and push to.
     *
     * @since 0.1.0
     */
    @Parameter(property = LandTarget.REMOTE, defaultValue = "origin")
    private String remote;

    /**
     * The branch lanes land on and the pre-push guard protects.
     *
     * @since 0.1.0
     */
    @Parameter(property = LandTarget.INTEGRATION_BRANCH)
    private String integrationBranch;

    /**
     * Further branches land refuses to run from and nobody may push to by hand, e.g. release; the pre-push
     * guard reads it from .mvn/maven.config at every push, so one added later is guarded at once.
     *
     * @since 0.1.0
     */
    @Parameter(property = LandTarget.PROTECTED_BRANCHES)
    private List<String> protectedBranches;

    /** Where lanes land, as configured; the integration branch is chosen (once) when first asked. */
    LandTarget target() {
        return new LandTarget(remote, integrationBranch, protectedBranches);
    }

    /** The lanes measured against {@code <remote>/<integration>}. */
    LaneBoard board(LaneLayout layout, LandTarget target) {
        return new LaneBoard(layout, RepoContext.of(layout.mainGit(), target).remoteRef(), () -> laneRecords(layout));
    }

    /** What prunes landed lanes (prune, and land after a landing), with what they installed into this build's local repository. */
    LanePruner pruner(LaneLayout layout, LandTarget target) {
        return new LanePruner(board(layout, target), landLog(), new LaneInstalls(layout, localRepository()));
    }
}

package dev.queuelock.maven.goals;

import dev.queuelock.land.base.DiskCount;
import dev.queuelock.land.base.LandException;
import dev.queuelock.land.git.LandTarget;
import dev.queuelock.land.lanes.Lane;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LanePruner;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * Removes sibling lanes whose work is all on the integration branch — never this one, never the
 * main checkout, never one in use (an agent, a Maven run however started, or a lander works in it,
 * or nobody can tell), never one with uncommitted changes — and lists orphaned lanes (work but
 * nobody on it) without touching them. What a pruned lane and its check builds installed into the
 * local repository goes with it, and so does what worktrees no longer there installed. With
 * {@code queuelock.lanes.dropIdleOutputAfter} set, the build output of lanes idle that long goes, by the same rules.
 * {@code land} does the same after every landing.
 *
 * @since 0.1.0
 */
@Mojo(name = "prune", requiresProject = false, aggregator = true, threadSafe = true)
public class PruneMojo extends AbstractLandTargetMojo {

    @Override
    public void execute() throws MojoExecutionException {
        try {
            LaneLayout layout = layout();
            LandTarget target = target();
            fetchQuietly(layout, target.remote());
            LanePruner pruner = pruner(layout, target);
            List<Lane> removed = pruneAndCount(pruner, layout, topDirectory(), "prune");
            getLog().info((removed.isEmpty() && pruner.freedBytes() == 0 ? "no lane to prune"
                    : "pruned " + removed.size() + " lane(s), freed " + DiskCount.format(pruner.freedBytes()))
                    + (pruner.droppedOutputLanes() == 0 ? "" : "; dropped the build output of " + pruner.droppedOutputLanes()
                    + " idle lane(s), freeing " + DiskCount.format(pruner.droppedOutputBytes())));
        } catch (LandException e) {
            throw new MojoExecutionException(e.getMessage());
        }
    }

    /** Lanes are measured against what was fetched last: without the remote (offline), prune still works. */
    private static void fetchQuietly(LaneLayout layout, String remote) {
        try {
            layout.mainGit().remotes().fetchAll(remote);
        } catch (LandException e) {
            // measured against the last fetch
        }
    }
}

package dev.queuelock.maven.goals;

import dev.queuelock.QueueLockException;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.land.Checks;
import dev.queuelock.land.Git;
import dev.queuelock.land.LandException;
import dev.queuelock.land.LandHistory;
import dev.queuelock.land.LandSettings;
import dev.queuelock.land.LandStats;
import dev.queuelock.land.LandRun;
import dev.queuelock.land.Lander;
import dev.queuelock.land.Outcome;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LanePruner;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.batch.BatchOptions;
import dev.queuelock.config.BuildScope;
import dev.queuelock.config.QueueLockProperties;
import dev.queuelock.maven.land.CheckBuild;
import dev.queuelock.maven.land.MavenLandLog;
import dev.queuelock.repo.RepoKey;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Lands this lane: rebases its branch onto the integration branch, runs the checks on the rebased
 * commit and pushes it fast-forward only, one lane at a time through the repository's land queue.
 * Never forces, never resets; a conflict or a failed check leaves the lane as it was and pushes
 * nothing. Run it from the lane's worktree: {@code mvn queuelock:land}.
 *
 * @since 0.1.0
 */
@Mojo(name = "land", requiresProject = false, aggregator = true, threadSafe = true)
public class LandMojo extends LanesMojo {

    /**
     * Tracked files a build regenerates (comma-separated paths relative to the worktree): their
     * changes are discarded before the rebase instead of blocking it. Nothing else is ever touched.
     *
     * @since 0.1.0
     */
    @Parameter(property = "queuelock.regenerableFiles")
    private List<String> regenerableFiles;

    /**
     * Goals and phases of the check build run on the rebased commit (spaces or commas), as a child
     * {@code mvn -B} of this Maven with the same settings, profiles and user properties.
     *
     * @since 0.1.0
     */
    @Parameter(property = "queuelock.checkGoals", defaultValue = "verify")
    private String checkGoals;

    /**
     * A command to run as the checks instead of {@link #checkGoals} (comma-separated argument list,
     * run without a shell), e.g. {@code ./ci/check.sh,--fast}.
     *
     * @since 0.1.0
     */
    @Parameter(property = "queuelock.checkCommand")
    private List<String> checkCommand;

    /**
     * Refuse to land without checks. Set to {@code false} (with empty {@link #checkGoals}) to land unchecked.
     *
     * @since 0.1.0
     */
    @Parameter(property = "queuelock.checksRequired", defaultValue = "true")
    private boolean checksRequired;

    /**
     * How often to fetch, rebase, check and push again when the push is rejected because the
     * remote moved meanwhile.
     *
     * @since 0.1.0
     */
    @Parameter(property = "queuelock.pushRetries", defaultValue = "3")
    private int pushRetries;

    /**
     * Fast-forward the main checkout to the landed commit (only if it is clean, on the integration
     * branch and has not diverged).
     *
     * @since 0.1.0
     */
    @Parameter(property = "queuelock.sync", defaultValue = "true")
    private boolean sync;

    /**
     * Which build queue the checks hold: {@code repo} or {@code machine}, as for the extension.
     *
     * @since 0.1.0
     */
    @Parameter(property = QueueLockProperties.BUILD_SCOPE, defaultValue = "repo")
    private String buildScope;

    /**
     * The most lanes landed together: the lander that gets the land queue takes up to {@code batch - 1}
     * of the (batching) landers queued behind it, in queue order, checks the stack once and pushes it
     * once, bisecting to find the lane that breaks the checks. 1 lands lane by lane.
     *
     * @since 0.2.0
     */
    @Parameter(property = BatchOptions.PROPERTY, defaultValue = "1")
    private int batch;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        LaneSettings lanes = laneSettings(); // a bad lane setting fails before the landing, not after
        try {
            RepoKey repo = RepoKey.of(topDirectory());
            Path commonDir = Path.of(new Git(repo.worktree()).output("rev-parse", "--path-format=absolute", "--git-common-dir"));
            Checks checks = CheckBuild.from(session().getRequest(), checkGoals, checkCommand, checksRequired);
            LandSettings settings = landSettings(regenerableFiles, pushRetries, sync);
            QueueLockFactory queues = QueueLockProperties.factory(session().getUserProperties());
            Lander lander = new Lander(new Git(repo.worktree()), settings, checks,
                    queues.open(BuildScope.LAND_QUEUE, repo.worktree()),
                    queues.open(BuildScope.BUILD_QUEUE, BuildScope.parse(buildScope).buildQueueKey(repo), repo.lane()),
                    new MavenLandLog(getLog(), new LandStats(new LandHistory(commonDir).read())))
                    .withBatch(new BatchOptions(batch, () -> queues.snapshot(BuildScope.LAND_QUEUE, repo.worktree()).waiters()));
            LandRun run = lander.land();
            if (run.outcome() == Outcome.LANDED) {
                pruneLandedSiblings(repo.worktree(), lanes);
            }
        } catch (LandException e) {
            throw new MojoFailureException(e.getMessage());
        } catch (QueueLockException | IllegalArgumentException e) {
            throw new MojoExecutionException(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("land interrupted; nothing was forced: run it again when ready.");
        }
    }

    /** Landed lanes beside this one have nothing left to do: remove them (same rules as queuelock:prune). */
    private void pruneLandedSiblings(Path lane, LaneSettings lanes) {
        try {
            LaneLayout layout = LaneLayout.of(new Git(lane), lanes);
            new LanePruner(board(layout), landLog()).prune(lane);
        } catch (LandException e) {
            getLog().warn("landed; pruning landed lanes failed: " + e.getMessage() + " (run mvn queuelock:prune later)");
        }
    }
}

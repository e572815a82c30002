package dev.queuelock.maven.goals;

import dev.queuelock.QueueLockException;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.BuildScope;
import dev.queuelock.config.LockSettings;
import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.batch.BatchOptions;
import dev.queuelock.land.batch.Batching;
import dev.queuelock.land.checks.CacheHitReportingChecks;
import dev.queuelock.land.checks.Checks;
import dev.queuelock.land.checks.FlakeRecordingChecks;
import dev.queuelock.land.checks.FlakyTests;
import dev.queuelock.land.engine.LandSettings;
import dev.queuelock.land.engine.Lander;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.git.LandTarget;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.land.history.CommandTime;
import dev.queuelock.land.history.LandHistory;
import dev.queuelock.land.history.LandRun;
import dev.queuelock.land.history.LandStats;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.maven.land.CheckBuild;
import dev.queuelock.maven.land.MavenLandLog;
import dev.queuelock.process.Hangup;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.spi.Queue;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Lands this lane: rebases its branch onto the integration branch, runs the checks on the rebased
 * commit and pushes it fast-forward only, one lane at a time through the repository's land queue.
 * Never forces, never resets, pushes nothing that failed: a conflict is aborted and leaves the lane
 * as it was; a failed check leaves it rebased, and the message lists the failing tests and names
 * the lane's commit before the land ({@code git reset --keep <commit>} goes back to it). A lane
 * whose work is already on the integration branch has nothing to land: it says so and succeeds.
 * Run it from the lane's worktree: {@code mvn queuelock:land}.
 *
 * @since 0.1.0
 */
@Mojo(name = "land", requiresProject = false, aggregator = true, threadSafe = true)
public class LandMojo extends BranchesMojo {

    /**
     * Tracked files a build regenerates (paths relative to the worktree): their changes are discarded
     * before the rebase instead of blocking it.
     *
     * @since 0.1.0
     */
    @Parameter(property = LandSettings.REGENERABLE_FILES)
    private List<String> regenerableFiles;

    /**
     * Goals and phases of the check build run on the rebased commit (spaces or commas), as a child mvn -B
     * with this build's settings, profiles and user properties.
     *
     * @since 0.1.0
     */
    @Parameter(property = LandSettings.CHECK_GOALS, defaultValue = "verify")
    private String checkGoals;

    /**
     * A command to run as the checks instead of the check goals: its arguments separated by commas,
     * run without a shell, e.g. ./ci/check.sh,--fast.
     *
     * @since 0.1.0
     */
    @Parameter(property = LandSettings.CHECK_COMMAND)
    private List<String> checkCommand;

    /**
     * What the check goals build: affected (the modules whose files the landing changes and every module on top
     * of them, tested; the modules they build on built from the same reactor without their tests; the full
     * build when the change may alter the build itself, e.g. a parent POM or .mvn/) or full.
     *
     * @since 0.1.0
     */
    @Parameter(property = LandSettings.LAND_CHECK_SCOPE, defaultValue = "affected")
    private String landCheck;

    /**
     * How often the check build runs a failing test again (surefire's and failsafe's rerunFailingTestsCount)
     * before it counts as failed; a test that fails, then passes, is recorded as flaky and refuses nobody; 0 turns it off.
     *
     * @since 0.1.0
     */
    @Parameter(property = LandSettings.CHECK_RERUNS, defaultValue = "1")
    private String checkReruns;

    /**
     * Refuse to land without checks; false (with empty check goals) lands unchecked.
     *
     * @since 0.1.0
     */
    @Parameter(property = LandSettings.CHECKS_REQUIRED, defaultValue = "true")
    private String checksRequired;

    /**
     * How often to fetch, rebase, check and push again when the push is rejected because the remote moved.
     *
     * @since 0.1.0
     */
    @Parameter(property = LandSettings.PUSH_RETRIES, defaultValue = "3")
    private String pushRetries;

    /**
     * Fast-forward the main checkout to the landed commit when it is on the integration branch, has not
     * diverged and git can do so without touching its local changes; otherwise a warning says why.
     *
     * @since 0.1.0
     */
    @Parameter(property = LandSettings.SYNC, defaultValue = "true")
    private String sync;

    /**
     * Which builds share one build queue: repo (all worktrees of this repository, shared with the npm tool's
     * build-lock) or machine (all repositories of this user).
     *
     * @since 0.1.0
     */
    @Parameter(property = LockSettings.BUILD_SCOPE, defaultValue = "repo")
    private String buildScope;

    /**
     * The most lanes landed together, the lander's own included: it takes up to batch - 1 of the batching
     * landers queued behind it, checks and pushes them once, and bisects a failure; 1 lands lane by lane.
     *
     * @since 0.1.0
     */
    @Parameter(property = BatchOptions.BATCH, defaultValue = "1")
    private String batch;

    /**
     * How many land checks run at once: the holder of the land queue checks the lanes queued behind it on top of
     * the ones ahead (A; A+B; A+B+C), each check build in a build slot of its own, and pushes in queue order;
     * 1 checks one at a time, auto as many as the build queue has slots (queuelock.build.slots). Each check
     * costs a slot, a worktree and a check build; a failure ahead costs the checks behind it, rerun without it.
     *
     * @since 0.1.0
     */
    @Parameter(property = BatchOptions.PARALLEL, defaultValue = "1")
    private String parallel;

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        long goalStart = System.currentTimeMillis();
        QuietLibraries.unlessDebug(getLog());
        Hangup.ignore(); // an agent's land must survive its terminal closing, as the CLI does
        // Every value is checked before git or a queue is touched: a typo costs nothing.
        List<String> problems = new ArrayList<>();
        Boolean required = parse(LandSettings.LAND_CHECKS_REQUIRED, checksRequired, problems);
        String checkScope = parse(LandSettings.LAND_CHECK, landCheck, problems);
        parse(LandSettings.LAND_CHECK_RERUNS, checkReruns, problems); // checked here; the check build reads it from the user properties it is given
        Integer retries = parse(LandSettings.LAND_PUSH_RETRIES, pushRetries, problems);
        Boolean syncMain = parse(LandSettings.LAND_SYNC, sync, problems);
        Integer batchSize = parse(BatchOptions.LAND_BATCH, batch, problems);
        String checksAtOnce = parse(BatchOptions.LAND_PARALLEL, parallel, problems);
        BuildScope scope = parse(LockSettings.SCOPE, buildScope, problems);
        LaneSettings lanes = laneSettings(problems);
        try {
            RepoKey repo = RepoKey.of(topDirectory());
            LandSettings settings = new LandSettings(target(), regenerableFiles, retries, syncMain);
            RepoContext context = RepoContext.of(repo, settings.target()); // found once, passed down
            Checks build = CheckBuild.from(session().getRequest(), checkGoals, checkCommand, required,
                    "affected".equals(checkScope) ? new CheckBuild.Affected(context.remoteRef(), getLog()::info) : null);
            Checks checks = new FlakeRecordingChecks(new CacheHitReportingChecks(build, getLog()::info),
                    new FlakyTests(context.commonDir()), getLog()::info);
            getLog().info("integration branch: " + context.integrationBranch().describe());
            if (!"affected".equals(checkScope) && build != Checks.NONE) {
                // An affected check reports its plan after each run; a full one says so once, here.
                getLog().info("check: full build (" + LandSettings.LAND_CHECK_SCOPE + "=" + checkScope + "): " + build.describe());
            }
            QueueLockFactory queues = QueueLockFactory.fromProperties(session().getUserProperties());
            Lander lander = new Lander(new Git(repo.worktree()), settings, checks,
                    queues.open(Queue.LAND, repo.worktree()),
                    // This session may hold the build lock already (mvn verify queuelock:land): its checks run in that hold.
                    queues.openJoiningOwnHold(queues.buildQueue(scope, repo), repo.lane()),
                    new MavenLandLog(getLog(), new LandStats(new LandHistory(context.commonDir()).read())))
                    .in(context)
                    .startedAt(ProcessHandle.current().info().startInstant().map(java.time.Instant::toEpochMilli).orElse(0L),
                            session().getRequest().getStartTime() == null ? 0 : session().getRequest().getStartTime().getTime(), goalStart)
                    .with(new Batching(new BatchOptions(batchSize,
                            BatchOptions.parallel(checksAtOnce, () -> queues.snapshot(queues.buildQueue(scope, repo)).slots()),
                            () -> queues.snapshot(Queue.LAND, repo.worktree()).waiters(),
                            () -> queues.open(queues.buildQueue(scope, repo), repo.lane()))));
            LandRun run = lander.land();
            CommandTime.describe(run).ifPresent(getLog()::info);
            if (run.outcome() == Outcome.LANDED) {
                pruneLandedSiblings(repo.worktree(), lanes, settings.target());
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
    private void pruneLandedSiblings(Path lane, LaneSettings lanes, LandTarget target) {
        try {
            LaneLayout layout = LaneLayout.of(new Git(lane), lanes);
            pruner(layout, target).prune(lane);
        } catch (LandException e) {
            getLog().warn("landed; pruning landed lanes failed: " + e.getMessage() + " (run mvn queuelock:prune later)");
        }
    }
}

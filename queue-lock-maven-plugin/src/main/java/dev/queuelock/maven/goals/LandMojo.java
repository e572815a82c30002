package dev.queuelock.maven.goals;

import dev.queuelock.QueueLockException;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.BuildScope;
import dev.queuelock.config.LockSettings;
import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.base.QueuePause;
import dev.queuelock.land.batch.BatchBoard;
import dev.queuelock.land.history.InFlightLanding;
import dev.queuelock.land.watch.LandQueuePlace;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.engine.CheckAndPushSettings;
import dev.queuelock.land.notify.Notifier;
import dev.queuelock.land.batch.BatchOptions;
import dev.queuelock.land.batch.Batching;
import dev.queuelock.land.batch.ChecksAtOnce;
import dev.queuelock.land.checks.CacheHitReportingChecks;
import dev.queuelock.land.checks.Checks;
import dev.queuelock.land.checks.FlakeRecordingChecks;
import dev.queuelock.land.checks.FlakyTests;
import dev.queuelock.land.engine.Lander;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.git.LandTarget;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.land.history.CommandTime;
import dev.queuelock.land.history.LandHistory;
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
import java.util.Optional;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugin.MojoFailureException;
import org.apache.maven.plugins.annotations.Mojo;

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
public class LandMojo extends AbstractLandTargetMojo {

    @Override
    public void execute() throws MojoExecutionException, MojoFailureException {
        long goalStart = System.currentTimeMillis();
        QuietLibraries.unlessDebug(getLog());
        Hangup.ignore(); // an agent's land must survive its terminal closing, as the CLI does
        // Every value is checked before git or a queue is touched: a typo costs nothing.
        List<String> problems = new ArrayList<>();
        Boolean required = setting(CheckAndPushSettings.CHECKS_REQUIRED, problems);
        String checkScope = setting(CheckAndPushSettings.CHECK_SCOPE, problems);
        setting(CheckAndPushSettings.CHECK_RERUNS, problems); // checked here; the check build reads it from the user properties it is given
        Integer retries = setting(CheckAndPushSettings.PUSH_RETRIES, problems);
        Boolean syncMain = setting(CheckAndPushSettings.SYNC, problems);
        String priority = setting(CheckAndPushSettings.PRIORITY, problems);
        Integer batchSize = setting(BatchOptions.BATCH, problems);
        String checksAtOnce = setting(BatchOptions.PARALLEL, problems);
        BuildScope scope = setting(LockSettings.SCOPE, problems);
        List<String> regenerableFiles = setting(CheckAndPushSettings.REGENERABLE_FILES, problems);
        String givenGoals = settings().given(CheckAndPushSettings.CHECK_GOALS);
        // Set but empty means no check goals (with checksRequired=false: land unchecked), not the default.
        String checkGoals = givenGoals != null && givenGoals.isBlank() ? "" : setting(CheckAndPushSettings.CHECK_GOALS, problems);
        List<String> checkCommand = setting(CheckAndPushSettings.CHECK_COMMAND, problems);
        List<String> notify = setting(Notifier.NOTIFY, problems);
        LaneSettings lanes = laneSettings(problems);
        try {
            RepoKey repo = RepoKey.of(topDirectory());
            CheckAndPushSettings settings = new CheckAndPushSettings(target(), regenerableFiles, retries, syncMain).withPriority(priority);
            RepoContext context = RepoContext.of(repo, settings.target()); // found once, passed down
            Checks build = CheckBuild.from(session().getRequest(), checkGoals, checkCommand, required,
                    "affected".equals(checkScope) ? new CheckBuild.Affected(context.remoteRef(), getLog()::info) : null);
            Checks checks = new FlakeRecordingChecks(new CacheHitReportingChecks(build, getLog()::info),
                    new FlakyTests(context.commonDir()), getLog()::info);
            getLog().info("integration branch: " + context.integrationBranch().describe());
            if (!"affected".equals(checkScope) && build != Checks.NONE) {
                // An affected check reports its plan after each run; a full one says so once, here.
                getLog().info("check: full build (" + CheckAndPushSettings.CHECK_SCOPE.name() + "=" + checkScope + "): " + build.describe());
            }
            QueueLockFactory queues = queues();
            Lander lander = new Lander(new Git(repo.worktree()), settings, checks,
                    queues.open(Queue.LAND, repo.worktree()),
                    // This session may hold the build lock already (mvn verify queuelock:land): its checks run in that hold.
                    queues.openJoiningOwnHold(queues.buildQueue(scope, repo), repo.lane()),
                    landLog(queues, repo, context))
                    .in(context)
                    .notifying(new Notifier(notify, getLog()::warn))
                    .startedAt(CommandTime.processStart(),
                            session().getRequest().getStartTime() == null ? 0 : session().getRequest().getStartTime().getTime(), goalStart)
                    .with(new Batching(new BatchOptions(batchSize,
                            new ChecksAtOnce(checksAtOnce, () -> queues.snapshot(queues.buildQueue(scope, repo))),
                            () -> queues.snapshot(Queue.LAND, repo.worktree()).waiters(),
                            () -> queues.open(queues.buildQueue(scope, repo), repo.lane()))));
            LandResult result = lander.land();
            if (!result.succeeded()) {
                throw new MojoFailureException(result.message());
            }
            if (result.outcome() == Outcome.LANDED) {
                pruneLandedSiblings(repo.worktree(), lanes, settings.target());
            }
        } catch (LandException e) { // refused before it queued (the preflight), or the repository is not one to land in
            throw new MojoFailureException(e.getMessage());
        } catch (QueueLockException | IllegalArgumentException e) {
            throw new MojoExecutionException(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new MojoExecutionException("land interrupted; nothing was forced: run it again when ready.");
        }
    }

    /** The landing's log; while it waits, it says where it stands in the land queue. */
    private MavenLandLog landLog(QueueLockFactory queues, RepoKey repo, RepoContext context) {
        LandStats stats = new LandStats(new LandHistory(context.commonDir()).read());
        long pid = ProcessHandle.current().pid();
        return new MavenLandLog(getLog(), stats, () -> {
            LandQueuePlace place = new LandQueuePlace(queues.snapshot(Queue.LAND, repo.worktree()), InFlightLanding.live(context.stateDir()),
                    QueuePause.of(context.stateDir()), new BatchBoard(context.commonDir()).taken(), stats, System.currentTimeMillis());
            int index = place.indexOf(pid);
            return index < 0 ? Optional.empty() : Optional.of(place.line(index));
        });
    }

    /** Landed lanes beside this one have nothing left to do: remove them (same rules as queuelock:prune). */
    private void pruneLandedSiblings(Path lane, LaneSettings lanes, LandTarget target) {
        try {
            LaneLayout layout = LaneLayout.of(new Git(lane), lanes);
            pruneAndCount(pruner(layout, target), layout, lane, "land");
        } catch (LandException e) {
            getLog().warn("landed; pruning landed lanes failed: " + e.getMessage() + " (run mvn queuelock:prune later)");
        }
    }
}

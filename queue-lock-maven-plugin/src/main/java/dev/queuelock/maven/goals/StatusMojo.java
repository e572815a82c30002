package dev.queuelock.maven.goals;

import dev.queuelock.QueueLockException;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.build.ReuseSettings;
import dev.queuelock.config.BuildScope;
import dev.queuelock.config.LockSettings;
import dev.queuelock.config.Setting;
import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.QueuePause;
import dev.queuelock.land.batch.BatchBoard;
import dev.queuelock.land.history.InFlightLanding;
import dev.queuelock.land.checks.FlakyTests;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.land.history.LandHistory;
import dev.queuelock.land.history.LandRun;
import dev.queuelock.land.disk.DiskMeter;
import dev.queuelock.land.disk.DiskSettings;
import dev.queuelock.land.disk.LaneDisks;
import dev.queuelock.land.disk.ReuseSummary;
import dev.queuelock.repository.changes.Overlap;
import dev.queuelock.land.lanes.Lane;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LaneOverlaps;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.lanes.LaneState;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.spi.Queue;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * Shows who holds and who waits in this repository's {@code build} and {@code land} queues, in
 * the order waiters will be served, the landing history, and the lanes (number, branch,
 * ahead/behind the integration branch, landed or not, in use or not, port, orphaned). Needs no
 * project: {@code mvn queuelock:status}.
 *
 * @since 0.1.0
 */
@Mojo(name = "status", requiresProject = false, aggregator = true, threadSafe = true)
public class StatusMojo extends AbstractLandTargetMojo {

    @Override
    public void execute() throws MojoExecutionException {
        QuietLibraries.unlessDebug(getLog());
        List<String> problems = new ArrayList<>();
        BuildScope scope = setting(LockSettings.SCOPE, problems);
        Boolean asJson = setting(StatusGoalSettings.JSON, problems);
        Integer lowFreeSpaceGb = setting(DiskSettings.LOW_FREE_SPACE_GB, problems); // read first: laneSettings refuses every problem at once
        Integer reuseMegabytes = setting(ReuseSettings.STORE_MEGABYTES, problems);
        LaneSettings lanes = laneSettings(problems);
        File dir = file(StatusGoalSettings.DIRECTORY, topDirectory().toFile());
        File output = file(StatusGoalSettings.OUTPUT, null);
        if (!dir.isDirectory()) {
            throw new MojoExecutionException("-D" + StatusGoalSettings.DIRECTORY.name() + "=" + dir + ": no such directory;"
                    + " name a directory inside the repository whose queues to show (or leave it out for this one).");
        }
        RepoKey repo = RepoKey.of(dir.toPath());
        QueueLockFactory factory = queues();
        StatusReport report = new StatusReport(System.currentTimeMillis());
        try {
            Queue build = factory.buildQueue(scope, repo);
            report.add(build.name(), scope.toString(), build.backendName(), factory.snapshot(build));
            // The land queue is always one per repository (on ZooKeeper: per remote URL).
            Queue land = factory.queue(Queue.LAND, repo.worktree());
            report.add(land.name(), BuildScope.REPO.toString(), land.backendName(), factory.snapshot(land));
            report.withLandings(landHistory(repo));
            report.withFlakyTests(flakiest(repo));
            List<LaneState> laneStates = lanes(repo, lanes);
            report.withLanes(laneStates);
            report.withOverlaps(overlaps(repo, laneStates));
            stateDir(repo).ifPresent(state -> report.withPause(QueuePause.of(state))
                    .withLandingsUnderWay(InFlightLanding.live(state), new BatchBoard(RepoContext.commonDir(repo.worktree())).taken()));
            report.withDisk(disk(repo, lanes, laneStates).warnedUnder(lowFreeSpaceGb, laneStates));
            reuse(repo, reuseMegabytes).ifPresent(report::withReuse);
        } catch (QueueLockException e) {
            throw new MojoExecutionException(e.getMessage());
        }
        if (output != null) {
            write(output, asJson ? report.json() + "\n" : String.join("\n", report.lines()) + "\n");
        } else if (asJson) {
            // The document is the goal's output, not a log message: stdout keeps it parseable.
            GoalOutput.println(report.json());
        } else if (getLog().isInfoEnabled()) {
            report.lines().forEach(getLog()::info);
        } else {
            // Asked for by name: -q silences Maven's chatter, not the answer.
            report.lines().forEach(GoalOutput::println);
        }
    }

    /** The repository's lanes; none outside git or without a main checkout. */
    private List<LaneState> lanes(RepoKey repo, LaneSettings settings) {
        try {
            return boardAsKnown(LaneLayout.of(new Git(repo.worktree()), settings), target()).states();
        } catch (LandException e) {
            return List.of();
        }
    }

    /**
     * What the lanes take on disk, sizes kept from earlier looks where fresh ({@link DiskMeter}); none outside git.
     * What can be freed is kept too, for the lanes' builds to name when free space is low (as prune and land keep it after freeing space).
     */
    private LaneDisks disk(RepoKey repo, LaneSettings settings, List<LaneState> states) {
        if (states.isEmpty()) {
            return LaneDisks.NONE;
        }
        try {
            DiskMeter meter = diskMeter(LaneLayout.of(new Git(repo.worktree()), settings));
            return meter.lookAndKeep(states, Set.of(), System.currentTimeMillis(), "status");
        } catch (LandException e) {
            return LaneDisks.NONE;
        }
    }

    /** Which lanes change the same files, and whether their commits would conflict (the conflicts forecast). */
    private List<Overlap> overlaps(RepoKey repo, List<LaneState> states) {
        if (states.size() < 2) {
            return List.of();
        }
        List<Lane> lanes = new ArrayList<>();
        states.forEach(state -> lanes.add(state.lane()));
        try {
            return LaneOverlaps.of(lanes, RepoContext.known(new Git(repo.worktree()), target()));
        } catch (LandException e) {
            return List.of();
        }
    }

    /** The repository's state folder, where the land queue's pause is kept; none outside git. */
    private static Optional<Path> stateDir(RepoKey repo) {
        try {
            return Optional.of(RepoContext.stateDir(RepoContext.commonDir(repo.worktree())));
        } catch (LandException e) {
            return Optional.empty();
        }
    }

    /** What the store of modules' outputs holds and what reuse left unbuilt ({@link ReuseSummary}); none outside git. */
    private static Optional<ReuseSummary> reuse(RepoKey repo, int capMegabytes) {
        try {
            return Optional.of(ReuseSummary.of(RepoContext.commonDir(repo.worktree()), Instant.now(), capMegabytes));
        } catch (LandException | IOException e) {
            return Optional.empty(); // not in git, or the store could not be read: status says nothing of it
        }
    }

    /** The landing history of the repository; none outside git. */
    private static List<LandRun> landHistory(RepoKey repo) {
        try {
            return new LandHistory(RepoContext.commonDir(repo.worktree())).read();
        } catch (LandException e) {
            return List.of(); // not in git
        }
    }

    /** The tests land checks found flaky most often, with how often. */
    private static Map<String, Long> flakiest(RepoKey repo) {
        try {
            return new FlakyTests(RepoContext.commonDir(repo.worktree())).flakiest(StatusReport.FLAKIEST);
        } catch (LandException e) {
            return Map.of(); // not in git
        }
    }

    /** The file {@code setting} names, relative to the invocation's base directory as Maven resolves file parameters. */
    private File file(Setting<String> setting, File unset) {
        String path = setting(setting, new ArrayList<>());
        if (path == null) {
            return unset;
        }
        File file = new File(path);
        File base = session().getRequest().getBaseDirectory() == null ? null : new File(session().getRequest().getBaseDirectory());
        return file.isAbsolute() || base == null ? file : new File(base, path);
    }

    private static void write(File output, String text) throws MojoExecutionException {
        try {
            Path file = output.toPath().toAbsolutePath();
            Files.createDirectories(file.getParent());
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new MojoExecutionException("Cannot write " + output + ": " + e.getMessage() + "; choose a writable -D"
                    + StatusGoalSettings.OUTPUT.name() + " path.", e);
        }
    }
}

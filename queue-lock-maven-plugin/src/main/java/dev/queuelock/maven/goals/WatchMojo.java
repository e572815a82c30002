package dev.queuelock.maven.goals;

import java.util.Optional;
import java.time.Instant;
import dev.queuelock.land.disk.ReuseSummary;
import dev.queuelock.build.ReuseSettings;
import dev.queuelock.QueueLockException;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.BuildScope;
import dev.queuelock.config.LockSettings;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.base.LandException;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.repository.changes.Overlap;
import dev.queuelock.land.lanes.Lane;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LaneOverlaps;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.lanes.LaneState;
import dev.queuelock.land.notify.Notifier;
import dev.queuelock.land.watch.ChangeLine;
import dev.queuelock.land.disk.DiskSettings;
import dev.queuelock.land.disk.DiskWatch;
import dev.queuelock.land.disk.LaneDisks;
import dev.queuelock.land.watch.PageJson;
import dev.queuelock.land.watch.ScreenText;
import dev.queuelock.land.watch.WatchLoop;
import dev.queuelock.land.watch.WatchModel;
import dev.queuelock.land.watch.FactorySources;
import dev.queuelock.maven.watch.Screen;
import dev.queuelock.maven.watch.WatchPage;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.spi.Queue;
import java.io.IOException;
import java.net.BindException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.function.Consumer;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;

/**
 * A live view of this repository's build queue, land queue, lanes and last landings: redrawn in
 * place in a terminal, one line per change elsewhere, and with {@code -Dqueuelock.watch.port=N} a
 * page on 127.0.0.1. Woken by file events, never by polling; takes no lock and writes nothing.
 * Ctrl-C ends it. {@code mvn queuelock:watch}.
 *
 * @since 0.1.0
 */
@Mojo(name = "watch", requiresProject = false, aggregator = true, threadSafe = true)
public class WatchMojo extends AbstractLandTargetMojo {

    /** How often a view that counts time (a hold, a wait) redraws its times without reading anything. */
    static final long TICK_MILLIS = 1000;

    @Override
    public void execute() throws MojoExecutionException {
        QuietLibraries.unlessDebug(getLog());
        List<String> problems = new ArrayList<>();
        BuildScope scope = setting(LockSettings.SCOPE, problems);
        Integer pagePort = setting(WatchGoalSettings.WATCH_PORT, problems);
        List<String> notify = setting(Notifier.NOTIFY, problems);
        Integer lowFreeSpaceGb = setting(DiskSettings.LOW_FREE_SPACE_GB, problems); // read first: laneSettings refuses every problem at once
        Integer reuseMegabytes = setting(ReuseSettings.STORE_MEGABYTES, problems);
        LaneSettings laneSettings = laneSettings(problems);
        RepoKey repo = RepoKey.of(topDirectory());
        QueueLockFactory factory = queues();
        Sources sources = new Sources(factory, scope, repo, laneSettings, lowFreeSpaceGb, reuseMegabytes);
        // -B says a script runs this, even from a terminal: it gets lines, not frames.
        boolean terminal = Screen.isTerminal() && session().getRequest().isInteractiveMode();
        WatchLoop loop = new WatchLoop(sources, new Notifier(notify, getLog()::warn),
                terminal ? TICK_MILLIS : 0);
        WatchPage page = startPage(pagePort);
        try {
            Consumer<WatchModel> show = terminal ? screen() : lines();
            Consumer<WatchModel> both = page == null ? show : model -> {
                page.publish(PageJson.render(model));
                show.accept(model);
            };
            loop.run(both);
        } catch (QueueLockException | IOException e) {
            throw new MojoExecutionException("watch: " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            sources.close();
            if (page != null) {
                page.close();
            }
        }
    }

    private WatchPage startPage(int pagePort) throws MojoExecutionException {
        if (pagePort == 0) {
            return null;
        }
        try {
            WatchPage page = WatchPage.start(pagePort);
            getLog().info("watch page: http://127.0.0.1:" + page.port() + "/");
            return page;
        } catch (BindException e) {
            throw new MojoExecutionException("-D" + WatchGoalSettings.WATCH_PORT.name() + "=" + pagePort + ": port in use; choose another port.");
        } catch (IOException e) {
            throw new MojoExecutionException("-D" + WatchGoalSettings.WATCH_PORT.name() + "=" + pagePort + ": cannot serve the page: " + e.getMessage());
        }
    }

    private static Consumer<WatchModel> screen() {
        Screen screen = new Screen();
        return model -> screen.draw(ScreenText.lines(model));
    }

    private static Consumer<WatchModel> lines() {
        ChangeLine changes = new ChangeLine();
        return model -> {
            String line = changes.next(model);
            if (line != null) {
                GoalOutput.println(line);
            }
        };
    }

    /** What the watch reads, as status reads it. */
    private final class Sources extends FactorySources implements AutoCloseable {
        private final RepoKey repo;
        private final LaneSettings laneSettings;
        private final Path commonDir;
        private final int lowFreeSpaceGb;
        private final int reuseMegabytes;
        private DiskWatch disk;

        Sources(QueueLockFactory factory, BuildScope scope, RepoKey repo, LaneSettings laneSettings, int lowFreeSpaceGb, int reuseMegabytes) {
            super(factory, factory.buildQueue(scope, repo), factory.queue(Queue.LAND, repo.worktree()));
            this.lowFreeSpaceGb = lowFreeSpaceGb;
            this.reuseMegabytes = reuseMegabytes;
            this.repo = repo;
            this.laneSettings = laneSettings;
            Path common;
            try {
                common = RepoContext.commonDir(repo.worktree());
            } catch (LandException e) {
                common = null; // not in git: queues only
            }
            this.commonDir = common;
        }

        @Override
        public List<LaneState> lanes() {
            if (commonDir == null) {
                return List.of();
            }
            try {
                return boardAsKnown(LaneLayout.of(new Git(repo.worktree()), laneSettings), target()).states();
            } catch (LandException e) {
                return List.of();
            }
        }

        @Override
        public LaneDisks disk(List<LaneState> lanes) {
            if (commonDir == null || lanes.isEmpty()) {
                return LaneDisks.NONE;
            }
            try {
                if (disk == null) {
                    disk = new DiskWatch(diskMeter(LaneLayout.of(new Git(repo.worktree()), laneSettings)));
                }
                return disk.latest(lanes.stream().map(LaneState::lane).collect(Collectors.toList())).warnedUnder(lowFreeSpaceGb, lanes);
            } catch (LandException e) {
                return LaneDisks.NONE;
            }
        }

        @Override
        public Optional<ReuseSummary> reuse() {
            if (commonDir == null) {
                return Optional.empty();
            }
            try {
                return Optional.of(ReuseSummary.of(commonDir, Instant.now(), reuseMegabytes));
            } catch (IOException e) {
                return Optional.empty(); // the store could not be read: the watch says nothing of it, as status
            }
        }

        @Override
        public List<Overlap> overlaps(List<LaneState> lanes) {
            if (commonDir == null || lanes.size() < 2) {
                return List.of();
            }
            List<Lane> list = new ArrayList<>();
            lanes.forEach(state -> list.add(state.lane()));
            try {
                return LaneOverlaps.of(list, RepoContext.known(new Git(repo.worktree()), target()));
            } catch (LandException e) {
                return List.of();
            }
        }

        @Override
        public Path commonDir() {
            return commonDir;
        }

        @Override
        public void close() {
            if (disk != null) {
                disk.close();
            }
        }
    }
}

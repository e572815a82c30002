package dev.queuelock.maven.goals;

import dev.queuelock.QueueLockException;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.BuildScope;
import dev.queuelock.config.LockSettings;
import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;
import dev.queuelock.land.Git;
import dev.queuelock.land.LandException;
import dev.queuelock.land.RepoContext;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.lanes.LaneState;
import dev.queuelock.land.notify.Notifier;
import dev.queuelock.land.watch.ChangeLine;
import dev.queuelock.land.watch.PageJson;
import dev.queuelock.land.watch.ScreenText;
import dev.queuelock.land.watch.WatchLoop;
import dev.queuelock.land.watch.WatchModel;
import dev.queuelock.land.watch.WatchSources;
import dev.queuelock.maven.watch.Screen;
import dev.queuelock.maven.watch.WatchPage;
import dev.queuelock.repo.RepoKey;
import java.io.IOException;
import java.net.BindException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * A live view of this repository's build queue, land queue, lanes and last landings: redrawn in
 * place in a terminal, one line per change elsewhere, and with {@code -Dqueuelock.watch.port=N} a
 * page on 127.0.0.1. Woken by file events, never by polling; takes no lock and writes nothing.
 * Ctrl-C ends it. {@code mvn queuelock:watch}.
 *
 * @since 0.1.0
 */
@Mojo(name = "watch", requiresProject = false, aggregator = true, threadSafe = true)
public class WatchMojo extends BranchesMojo {

    static final SettingGroup SETTINGS = new SettingGroup();

    /** {@value}: a port, default none (no page). */
    static final String PORT = "queuelock.watch.port";

    static final Setting<Integer> WATCH_PORT = SETTINGS.add(Setting.number(PORT, 0, 65535, 0, "watch",
            "Also serve the view as a page on 127.0.0.1 at this port (0: no page)."));

    /** How often a view that counts time (a hold, a wait) redraws its times without reading anything. */
    static final long TICK_MILLIS = 1000;

    /**
     * Also serve the view as a page on 127.0.0.1 at this port (0: no page).
     *
     * @since 0.1.0
     */
    @Parameter(property = PORT, defaultValue = "0")
    private String port;

    /**
     * Which builds share one build queue: repo (all worktrees of this repository, shared with the npm tool's
     * build-lock) or machine (all repositories of this user).
     *
     * @since 0.1.0
     */
    @Parameter(property = LockSettings.BUILD_SCOPE, defaultValue = "repo")
    private String buildScope;

    /**
     * A command run on events (landed, refused, flaky test, a landing stuck, a long wait, an idle
     * lane) with the event as one JSON object on its standard input; desktop uses notify-send or
     * osascript.
     *
     * @since 0.1.0
     */
    @Parameter(property = Notifier.NOTIFY)
    private List<String> notify;

    @Override
    public void execute() throws MojoExecutionException {
        QuietLibraries.unlessDebug(getLog());
        List<String> problems = new ArrayList<>();
        BuildScope scope = parse(LockSettings.SCOPE, buildScope, problems);
        Integer pagePort = parse(WATCH_PORT, port, problems);
        LaneSettings laneSettings = laneSettings(problems);
        RepoKey repo = RepoKey.of(topDirectory());
        QueueLockFactory factory = QueueLockFactory.fromProperties(session().getUserProperties());
        WatchSources sources = new Sources(factory, scope, repo, laneSettings);
        // -B says a script runs this, even from a terminal: it gets lines, not frames.
        boolean terminal = Screen.isTerminal() && session().getRequest().isInteractiveMode();
        WatchLoop loop = new WatchLoop(sources, new Notifier(notify == null ? List.of() : notify, getLog()::warn),
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
            throw new MojoExecutionException("-D" + PORT + "=" + pagePort + ": port in use; choose another port.");
        } catch (IOException e) {
            throw new MojoExecutionException("-D" + PORT + "=" + pagePort + ": cannot serve the page: " + e.getMessage());
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
    private final class Sources implements WatchSources {
        private final QueueLockFactory factory;
        private final BuildScope scope;
        private final RepoKey repo;
        private final LaneSettings laneSettings;
        private final Path commonDir;

        Sources(QueueLockFactory factory, BuildScope scope, RepoKey repo, LaneSettings laneSettings) {
            this.factory = factory;
            this.scope = scope;
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
        public QueueSnapshot build() {
            return factory.snapshot(BuildScope.BUILD_QUEUE, scope.buildQueueKey(repo));
        }

        @Override
        public QueueSnapshot land() {
            return factory.snapshot(BuildScope.LAND_QUEUE, repo.worktree());
        }

        @Override
        public List<LaneState> lanes() {
            if (commonDir == null) {
                return List.of();
            }
            try {
                return board(LaneLayout.of(new Git(repo.worktree()), laneSettings), target()).states();
            } catch (LandException e) {
                return List.of();
            }
        }

        @Override
        public Path commonDir() {
            return commonDir;
        }
    }
}

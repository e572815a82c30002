package dev.queuelock.maven.goals;

import dev.queuelock.build.slots.BuildPolicy;
import dev.queuelock.QueueLockException;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.BuildScope;
import dev.queuelock.repository.LaneDirectorySettings;
import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;
import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.history.LandStats;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.batch.BatchBoard;
import dev.queuelock.land.lanes.LaneRecords;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.lanes.LaneUse;
import dev.queuelock.maven.land.MavenLandLog;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.repository.ports.LanePortSettings;
import dev.queuelock.spi.Queue;
import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * What every goal that works on a repository and its lanes shares (all but help and config): the
 * session, its top directory and the lane settings, named after the npm tool's config keys. Read as text and validated together, so every
 * mistake is reported at once. The keys are read through their {@code Setting}s ({@link GoalSettings}),
 * not parameter fields: a goal's page and {@code help} list the keys it reads from those declarations
 * ({@link SettingsPages}, run at build time).
 */
abstract class AbstractRepositoryMojo extends AbstractMojo {

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    private GoalSettings settings;

    MavenSession session() {
        return session;
    }

    /** The queuelock.* values of this invocation (read once, so a former key name is warned about once). */
    GoalSettings settings() {
        if (settings == null) {
            settings = GoalSettings.of(session, getLog());
        }
        return settings;
    }

    /** {@code setting}'s value in this invocation; a refusal goes into {@code problems} (and null comes back). */
    <T> T setting(Setting<T> setting, List<String> problems) {
        return settings().get(setting, problems);
    }

    /** The top directory of this Maven invocation: the lane's worktree. */
    Path topDirectory() {
        File top = session.getRequest().getMultiModuleProjectDirectory();
        return (top != null ? top : new File(".")).toPath().toAbsolutePath();
    }

    /**
     * The queues of this session, on the backends its settings choose; the libraries of a backend
     * other than files are added to the plugin's realm first ({@link BackendLibraries}).
     */
    QueueLockFactory queues() throws MojoExecutionException {
        BackendLibraries.addIfChosen(session, getPluginContext());
        return BuildPolicy.factory(session.getUserProperties());
    }

    /** This build's local repository, whose parts hold what the lanes installed. */
    Path localRepository() {
        File path = session.getRequest().getLocalRepositoryPath();
        return (path != null ? path : new File(session.getLocalRepository().getBasedir())).toPath();
    }

    LaneSettings laneSettings() throws MojoExecutionException {
        return laneSettings(new ArrayList<>());
    }

    /**
     * The lane settings, validated together with the goal's own: refuses with every problem in one
     * message, {@code problems} (the goal's, from {@link #parse}) first.
     */
    LaneSettings laneSettings(List<String> problems) throws MojoExecutionException {
        Map<String, String> values = new HashMap<>();
        for (SettingGroup group : List.of(LaneSettings.SETTINGS, LaneDirectorySettings.SETTINGS, LanePortSettings.SETTINGS,
                LaneUse.SETTINGS)) {
            for (Setting<?> setting : group.all()) {
                String text = settings().given(setting);
                if (text != null) {
                    values.put(setting.name(), text);
                }
            }
        }
        LaneSettings settings = null;
        try {
            settings = LaneSettings.from(values);
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
        }
        if (!problems.isEmpty()) {
            throw new MojoExecutionException(String.join("; ", problems));
        }
        return settings;
    }

    /** Whether init's scope ({@code queuelock.init.scope}, read by init and uninstall) is the user's. */
    boolean forUser() throws MojoExecutionException {
        List<String> problems = new ArrayList<>();
        String value = setting(InitGoalSettings.SCOPE, problems);
        if (!problems.isEmpty()) {
            throw new MojoExecutionException(problems.get(0));
        }
        return InitGoalSettings.USER.equals(value);
    }

    LaneLayout layout() throws MojoExecutionException {
        return layout(laneSettings());
    }

    /** The lanes of the repository of the top directory; outside git: LandException, saying so. */
    LaneLayout layout(LaneSettings settings) {
        return LaneLayout.of(new Git(topDirectory()), settings);
    }

    /**
     * The records that name lanes: this repository's land queue and both build queues a build of it
     * may queue in (per repository, and the machine's with -Dqueuelock.build.scope=machine), and
     * its landing notes and batch board.
     */
    LaneRecords laneRecords(LaneLayout layout) {
        try {
            QueueLockFactory queues = queues();
            RepoKey repo = RepoKey.of(layout.mainCheckout());
            Map<String, QueueSnapshot> look = new LinkedHashMap<>();
            look.put(Queue.BUILD, queues.snapshot(queues.buildQueue(BuildScope.REPO, repo)));
            look.put("machine's build", queues.snapshot(queues.buildQueue(BuildScope.MACHINE, repo)));
            look.put(Queue.LAND, queues.snapshot(Queue.LAND, layout.mainCheckout()));
            return LaneRecords.read(layout.commonDir(), look, new BatchBoard(layout.commonDir()).liveOffers());
        } catch (QueueLockException | MojoExecutionException e) {
            return LaneRecords.unknown("cannot read the build and land queues (" + e.getMessage() + "), so nobody can tell"
                    + " which lanes a build or a lander works in: every lane counts as in use");
        }
    }

    /** The state folder of the repository of the top directory; outside git: refused, saying so. */
    Path stateDir() throws MojoExecutionException {
        try {
            return RepoContext.stateDir(RepoContext.commonDir(topDirectory()));
        } catch (LandException e) {
            throw new MojoExecutionException(e.getMessage());
        }
    }

    LandLog landLog() {
        return new MavenLandLog(getLog(), new LandStats(List.of()));
    }
}

package dev.queuelock.maven.goals;

import dev.queuelock.QueueLockException;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.BuildScope;
import dev.queuelock.config.LaneDirectorySettings;
import dev.queuelock.config.Setting;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.history.LandStats;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LaneRecords;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.lanes.LaneUse;
import dev.queuelock.maven.land.MavenLandLog;
import dev.queuelock.repo.RepoKey;
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
 * What every goal that works on lanes shares: the session, its top directory and the lane
 * settings, named after the npm tool's config keys. Read as text and validated together, so every
 * mistake is reported at once. Each key is one field of one goal class, so a goal's page lists
 * exactly the keys it reads: Maven builds the page (and {@code help}) from the field's Javadoc and
 * {@code defaultValue}, which {@code SettingsInHelpTest} holds equal to the key's {@code Setting}.
 */
abstract class AbstractLanesMojo extends AbstractMojo {

    /**
     * Lane n works on the branch prefix + n, e.g. lane/3.
     *
     * @since 0.1.0
     */
    @Parameter(property = LaneSettings.BRANCH_PREFIX, defaultValue = "lane/")
    private String branchPrefix;

    /**
     * Lane n of the repository shop is the worktree ../shop + suffix + n beside it, e.g. ../shop-lane-3.
     *
     * @since 0.1.0
     */
    @Parameter(property = LaneDirectorySettings.WORKTREE_SUFFIX, defaultValue = "-lane-")
    private String worktreeSuffix;

    /**
     * Lane n's dev-server port is portBase + n: printed by queuelock:port, and queuelock.lane.port in every build
     * inside the lane.
     *
     * @since 0.1.0
     */
    @Parameter(property = LaneDirectorySettings.PORT_BASE, defaultValue = "8080")
    private String portBase;

    /**
     * The branch queuelock:promote fast-forwards to the integration branch (creating it on the remote if
     * missing); the pre-push guard refuses direct pushes to it too.
     *
     * @since 0.1.0
     */
    @Parameter(property = LaneSettings.PRODUCTION_BRANCH)
    private String productionBranch;

    /**
     * Git-ignored paths of the main checkout symlinked into each new lane, e.g. .env.
     *
     * @since 0.1.0
     */
    @Parameter(property = LaneSettings.SYMLINKS)
    private String symlinks;

    /**
     * The agents' instructions say to land when green; false: to propose landing to a person.
     *
     * @since 0.1.0
     */
    @Parameter(property = LaneSettings.AUTO_LAND, defaultValue = "true")
    private String autoLand;

    /**
     * Command names of agent processes, comma-separated (each a prefix, any case): one working in a
     * lane keeps it from being pruned, as do queue-lock's own builds and lands; any other process
     * there (a shell, an IDE, a dev server) is named in the prune report and does not keep it.
     *
     * @since 0.1.0
     */
    @Parameter(property = LaneUse.AGENT_PROCESSES, defaultValue = "claude")
    private String agentProcesses;

    /**
     * Untracked paths that are session litter, e.g. scratchpad/ (the path, and anything under it):
     * they do not make a landed lane an orphan, and prune deletes them with the lane.
     *
     * @since 0.1.0
     */
    @Parameter(property = LaneUse.DISPOSABLE_UNTRACKED)
    private String disposableUntracked;

    /**
     * A lane with unlanded or uncommitted work is called orphaned only after this long with no agent
     * process and no build of ours in it and no change to its files, so an agent between two
     * commands is not.
     *
     * @since 0.1.0
     */
    @Parameter(property = LaneUse.ORPHAN_GRACE, defaultValue = "30m00s")
    private String orphanGrace;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    MavenSession session() {
        return session;
    }

    /** The top directory of this Maven invocation: the lane's worktree. */
    Path topDirectory() {
        File top = session.getRequest().getMultiModuleProjectDirectory();
        return (top != null ? top : new File(".")).toPath().toAbsolutePath();
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
        put(values, LaneSettings.BRANCH_PREFIX, branchPrefix);
        put(values, LaneDirectorySettings.WORKTREE_SUFFIX, worktreeSuffix);
        put(values, LaneDirectorySettings.PORT_BASE, portBase);
        put(values, LaneSettings.PRODUCTION_BRANCH, productionBranch);
        put(values, LaneSettings.SYMLINKS, symlinks);
        put(values, LaneSettings.AUTO_LAND, autoLand);
        put(values, LaneUse.AGENT_PROCESSES, agentProcesses);
        put(values, LaneUse.DISPOSABLE_UNTRACKED, disposableUntracked);
        put(values, LaneUse.ORPHAN_GRACE, orphanGrace);
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

    /** {@code setting}'s value of {@code text}; a refusal goes into {@code problems} (and null comes back). */
    static <T> T parse(Setting<T> setting, String text, List<String> problems) {
        try {
            return setting.parse(text);
        } catch (IllegalArgumentException e) {
            problems.add(e.getMessage());
            return null;
        }
    }

    /** Whether init's scope ({@code queuelock.init.scope}, read by init and uninstall) is the user's. */
    static boolean forUser(Setting<String> scope, String text) throws MojoExecutionException {
        try {
            return "user".equals(scope.parse(text));
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException(e.getMessage());
        }
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
            QueueLockFactory queues = QueueLockFactory.fromProperties(session().getUserProperties());
            RepoKey repo = RepoKey.of(layout.mainCheckout());
            Map<String, QueueSnapshot> look = new LinkedHashMap<>();
            look.put(Queue.BUILD, queues.snapshot(queues.buildQueue(BuildScope.REPO, repo)));
            look.put("machine's build", queues.snapshot(queues.buildQueue(BuildScope.MACHINE, repo)));
            look.put(Queue.LAND, queues.snapshot(Queue.LAND, layout.mainCheckout()));
            return LaneRecords.read(layout.commonDir(), look);
        } catch (QueueLockException e) {
            return LaneRecords.unknown("cannot read the build and land queues (" + e.getMessage() + "), so nobody can tell"
                    + " which lanes a build or a lander works in: every lane counts as in use");
        }
    }

    LandLog landLog() {
        return new MavenLandLog(getLog(), new LandStats(List.of()));
    }

    private static void put(Map<String, String> values, String key, String value) {
        if (value != null) {
            values.put(key, value);
        }
    }
}

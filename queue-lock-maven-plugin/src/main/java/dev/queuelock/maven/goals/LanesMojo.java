package dev.queuelock.maven.goals;

import dev.queuelock.config.LaneProperties;
import dev.queuelock.land.Git;
import dev.queuelock.land.LandLog;
import dev.queuelock.land.LandStats;
import dev.queuelock.land.lanes.LaneBoard;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.maven.land.MavenLandLog;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * What the lane goals share: the lane settings, named after the npm tool's config keys. Read as
 * text and validated together, so every mistake is reported at once.
 */
abstract class LanesMojo extends BranchesMojo {

    /**
     * Lane n works on branch {@code <branchPrefix>n}.
     *
     * @since 0.2.0
     */
    @Parameter(property = LaneProperties.BRANCH_PREFIX, defaultValue = LaneSettings.DEFAULT_BRANCH_PREFIX)
    private String branchPrefix;

    /**
     * Lane n of the repository {@code repo} is the worktree {@code ../repo<worktreeSuffix>n}.
     *
     * @since 0.2.0
     */
    @Parameter(property = LaneProperties.WORKTREE_SUFFIX, defaultValue = "-lane-")
    private String worktreeSuffix;

    /**
     * Lane n's dev-server port is {@code portBase + n} ({@code mvn -q queuelock:port}, and
     * {@code ${queuelock.lane.port}} in every build inside the lane).
     *
     * @since 0.2.0
     */
    @Parameter(property = LaneProperties.PORT_BASE, defaultValue = "8080")
    private String portBase;

    /**
     * The branch {@code queuelock:promote} fast-forwards to the integration branch; none: the
     * integration branch is production.
     *
     * @since 0.2.0
     */
    @Parameter(property = LaneProperties.PRODUCTION_BRANCH)
    private String productionBranch;

    /**
     * Git-ignored paths of the main checkout symlinked into each new lane (comma-separated), e.g.
     * {@code .env,local-data}.
     *
     * @since 0.2.0
     */
    @Parameter(property = LaneProperties.SYMLINKS)
    private String symlinks;

    /**
     * Whether the agents' instructions tell them to land when green ({@code true}) or to propose
     * landing to a person ({@code false}).
     *
     * @since 0.2.0
     */
    @Parameter(property = LaneProperties.AUTO_LAND, defaultValue = "true")
    private String autoLand;

    LaneSettings laneSettings() throws MojoExecutionException {
        Map<String, String> values = new HashMap<>();
        put(values, LaneProperties.BRANCH_PREFIX, branchPrefix);
        put(values, LaneProperties.WORKTREE_SUFFIX, worktreeSuffix);
        put(values, LaneProperties.PORT_BASE, portBase);
        put(values, LaneProperties.PRODUCTION_BRANCH, productionBranch);
        put(values, LaneProperties.SYMLINKS, symlinks);
        put(values, LaneProperties.AUTO_LAND, autoLand);
        try {
            return LaneSettings.from(values);
        } catch (IllegalArgumentException e) {
            throw new MojoExecutionException(e.getMessage());
        }
    }

    LaneLayout layout() throws MojoExecutionException {
        return LaneLayout.of(new Git(topDirectory()), laneSettings());
    }

    /** The lanes measured against {@code <remote>/<integration>}. */
    LaneBoard board(LaneLayout layout) {
        Git main = layout.mainGit();
        String integration = landSettings(List.of(), 0, false).integrationBranch(main);
        return new LaneBoard(layout, "refs/remotes/" + landSettings(List.of(), 0, false).remote() + "/" + integration);
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

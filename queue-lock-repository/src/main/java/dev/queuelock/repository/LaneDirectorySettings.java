package dev.queuelock.repository;

import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;

import dev.queuelock.repository.LaneDirectory;
import java.util.Properties;

/**
 * The two lane keys the core extension reads in every build (to set {@code queuelock.lane.port}),
 * so declared in core beside {@link LaneDirectory}; the other lane keys are queue-lock-land's
 * ({@code dev.queuelock.land.lanes.LaneSettings}).
 */
public final class LaneDirectorySettings {

    /** This class's settings, in the order the docs list them (declared first: the settings below join it). */
    public static final SettingGroup SETTINGS = new SettingGroup();

    private static final String READ_BY = "lane goals, init, land, status, build queue";

    public static final String WORKTREE_SUFFIX = "queuelock.lanes.worktreeSuffix";
    public static final String PORT_BASE = "queuelock.lanes.portBase";

    public static final Setting<String> LANE_WORKTREE_SUFFIX = SETTINGS.add(Setting.text(WORKTREE_SUFFIX,
            LaneDirectory.DEFAULT_WORKTREE_SUFFIX, null, READ_BY,
            "Lane n of the repository shop is the worktree ../shop + suffix + n beside it, e.g. ../shop-lane-3.").formerly("queuelock.worktreeSuffix"));
    public static final Setting<Integer> LANE_PORT_BASE = SETTINGS.add(Setting.number(PORT_BASE, 1, LaneDirectory.MAX_PORT_BASE,
            LaneDirectory.DEFAULT_PORT_BASE, READ_BY,
            "Lane n's dev-server port is portBase + n: printed by queuelock:port, and queuelock.lane.port in every build "
                    + "inside the lane.").formerly("queuelock.portBase"));

    private LaneDirectorySettings() {
    }

    /**
     * The lane directories these user properties describe.
     *
     * @throws IllegalArgumentException a port base out of range, naming the key and what it accepts
     */
    public static LaneDirectory from(Properties user) {
        return new LaneDirectory(LANE_WORKTREE_SUFFIX.from(user), LANE_PORT_BASE.from(user));
    }
}

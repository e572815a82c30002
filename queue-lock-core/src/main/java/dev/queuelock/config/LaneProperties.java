package dev.queuelock.config;

/**
 * The {@code queuelock.*} settings of lanes, named after the npm tool's config keys so its users
 * recognise them. Set them like every other setting: {@code -D} or {@code .mvn/maven.config}.
 */
public final class LaneProperties {

    /** {@code string}, default {@code lane/}: lane n works on branch {@code <prefix>n}. */
    public static final String BRANCH_PREFIX = "queuelock.branchPrefix";

    /** {@code string}, default {@code -lane-}: lane n of {@code repo} is the worktree {@code ../repo<suffix>n}. */
    public static final String WORKTREE_SUFFIX = "queuelock.worktreeSuffix";

    /** {@code int}, default 8080: lane n's dev-server port is {@code portBase + n}. */
    public static final String PORT_BASE = "queuelock.portBase";

    /** {@code string}, default none: the branch {@code queuelock:promote} fast-forwards to the integration branch. */
    public static final String PRODUCTION_BRANCH = "queuelock.productionBranch";

    /** {@code list}, default none: git-ignored paths of the main checkout symlinked into each new lane (e.g. {@code .env}). */
    public static final String SYMLINKS = "queuelock.symlinks";

    /** {@code boolean}, default {@code true}: the agents' instructions say to land when green (false: to propose it). */
    public static final String AUTO_LAND = "queuelock.autoLand";

    /** Set by the extension in every build inside lane n: n. */
    public static final String LANE_NUMBER = "queuelock.lane.number";

    /** Set by the extension in every build inside lane n: {@code portBase + n}. */
    public static final String LANE_PORT = "queuelock.lane.port";

    private LaneProperties() {
    }
}

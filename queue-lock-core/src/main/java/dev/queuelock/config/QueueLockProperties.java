package dev.queuelock.config;


/**
 * The name of every {@code queuelock.*} setting, as a constant a mojo's
 * {@code @Parameter(property = ...)} can use. What each accepts, its default and its meaning are
 * in {@link Settings}, one {@link Setting} per name here (a test holds the two equal, and the
 * site's configuration page equal to them). Set them as user properties: {@code -D} on the
 * command line or in {@code .mvn/maven.config}.
 */
public final class QueueLockProperties {

    // The build queue (the core extension)
    public static final String SKIP = "queuelock.skip";
    public static final String BUILD_SCOPE = "queuelock.build.scope";
    public static final String POLL_MILLIS = "queuelock.pollMillis";
    public static final String STUCK_WARN_MINUTES = "queuelock.stuckWarnMinutes";

    // Queue backends
    public static final String BACKEND = "queuelock.backend";
    public static final String LAND_BACKEND = "queuelock.land.backend";
    public static final String BUILD_BACKEND = "queuelock.build.backend";
    public static final String ZOOKEEPER_CONNECT = "queuelock.zookeeper.connect";
    public static final String ZOOKEEPER_SESSION_TIMEOUT = "queuelock.zookeeper.sessionTimeout";
    public static final String ZOOKEEPER_CONNECTION_TIMEOUT = "queuelock.zookeeper.connectionTimeout";
    public static final String ZOOKEEPER_CHROOT = "queuelock.zookeeper.chroot";
    public static final String ZOOKEEPER_QUEUE_ID = "queuelock.zookeeper.queueId";
    public static final String ZOOKEEPER_REMOTE = "queuelock.zookeeper.remote";

    // queuelock:land and queuelock:init
    public static final String REMOTE = "queuelock.remote";
    public static final String INTEGRATION_BRANCH = "queuelock.integrationBranch";
    public static final String PROTECTED_BRANCHES = "queuelock.protectedBranches";

    // queuelock:land
    public static final String REGENERABLE_FILES = "queuelock.regenerableFiles";
    public static final String CHECK_GOALS = "queuelock.checkGoals";
    public static final String CHECK_COMMAND = "queuelock.checkCommand";
    public static final String CHECKS_REQUIRED = "queuelock.checksRequired";
    public static final String PUSH_RETRIES = "queuelock.pushRetries";
    public static final String SYNC = "queuelock.sync";
    public static final String BATCH = "queuelock.batch";

    // queuelock:status
    public static final String JSON = "queuelock.json";
    public static final String OUTPUT = "queuelock.output";
    public static final String DIRECTORY = "queuelock.directory";

    // lanes (named after the npm tool's config keys)
    public static final String BRANCH_PREFIX = "queuelock.branchPrefix";
    public static final String WORKTREE_SUFFIX = "queuelock.worktreeSuffix";
    public static final String PORT_BASE = "queuelock.portBase";
    public static final String PRODUCTION_BRANCH = "queuelock.productionBranch";
    public static final String SYMLINKS = "queuelock.symlinks";
    public static final String AUTO_LAND = "queuelock.autoLand";
    public static final String HOOK = "queuelock.hook";
    public static final String RESTORE = "queuelock.restore";

    /** Environment variable: {@code QUEUELOCK_SKIP=1} (or {@code true}) is the same as {@link #SKIP}. */
    public static final String SKIP_ENV = "QUEUELOCK_SKIP";

    /** What every key starts with. */
    public static final String PREFIX = "queuelock.";

    private QueueLockProperties() {
    }
}

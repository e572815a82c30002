package dev.queuelock.config;

import static dev.queuelock.config.QueueLockProperties.*;

import dev.queuelock.repo.LaneDirectory;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every {@code queuelock.*} setting, defined once: the values it accepts, its default, who reads it
 * and what it means. Readers parse through these (never {@code Boolean.parseBoolean} or Maven's own
 * conversion, which take {@code maybe} as false); the site's configuration page and
 * {@code mvn queuelock:help -Ddetail} are held equal to them by tests.
 */
public final class Settings {

    private static final String BUILD_QUEUE = "build queue";
    private static final String BACKENDS = "queue backends";
    private static final String ZOOKEEPER = "zookeeper backend";
    private static final String LAND = "land";
    private static final String LAND_INIT = "land, init";
    private static final String STATUS = "status";
    private static final String LANES = "lane goals, init, land, status";

    public static final Setting<Boolean> SKIP_BUILD_QUEUE = Setting.flag(SKIP, false, BUILD_QUEUE,
            "Take no build lock in this session (the environment variable QUEUELOCK_SKIP=1 does the same).");
    public static final Setting<BuildScope> SCOPE = Setting.choice(BUILD_SCOPE, "repo", "build queue, land, status",
            "Which builds share one build queue: repo (all worktrees of this repository, shared with the npm tool's "
                    + "build-lock) or machine (all repositories of this user).", "repo", "machine")
            .as(name -> BuildScope.valueOf(name.toUpperCase(java.util.Locale.ROOT)));
    public static final Setting<Integer> POLL = Setting.number(POLL_MILLIS, 1, 200, BUILD_QUEUE,
            "Fallback poll interval of a waiter, in milliseconds (file-system events usually wake it sooner).");
    public static final Setting<Integer> STUCK_WARN = Setting.number(STUCK_WARN_MINUTES, 1, 5, BUILD_QUEUE,
            "Warn waiters when the holder has held the lock this many minutes, and again after each such interval; "
                    + "a live holder is never forced out.");

    public static final Setting<String> DEFAULT_BACKEND = Setting.text(BACKEND, "file", null, BACKENDS,
            "Backend of every queue that has no backend setting of its own, except the build queue: "
                    + "file, or zookeeper (queue-lock-zookeeper, in the plugin).");
    public static final Setting<String> LAND_QUEUE_BACKEND = Setting.text(LAND_BACKEND, null, "queuelock.backend", BACKENDS,
            "Backend of the land queue; zookeeper shares it between machines.");
    public static final Setting<String> BUILD_QUEUE_BACKEND = Setting.text(BUILD_BACKEND, "file", null, BACKENDS,
            "Backend of the build queue; not changed by queuelock.backend, because CPU contention is per machine.");
    public static final Setting<String> ZK_CONNECT = Setting.text(ZOOKEEPER_CONNECT, null, "none (required)", ZOOKEEPER,
            "ZooKeeper connect string, e.g. zk1:2181,zk2:2181,zk3:2181; a /path suffix is ZooKeeper's own chroot.");
    public static final Setting<Duration> ZK_SESSION_TIMEOUT = Setting.duration(ZOOKEEPER_SESSION_TIMEOUT,
            Duration.ofSeconds(30), ZOOKEEPER,
            "How soon after a holder's machine dies or loses the network the next waiter gets the lock "
                    + "(the server may clamp it to its min/max).");
    public static final Setting<Duration> ZK_CONNECTION_TIMEOUT = Setting.duration(ZOOKEEPER_CONNECTION_TIMEOUT,
            Duration.ofSeconds(10), ZOOKEEPER, "How long to try to reach ZooKeeper before failing.");
    public static final Setting<String> ZK_CHROOT = Setting.text(ZOOKEEPER_CHROOT, "/queuelock", null, ZOOKEEPER,
            "The znode under which all queues live.");
    public static final Setting<String> ZK_QUEUE_ID = Setting.text(ZOOKEEPER_QUEUE_ID, null, "the normalized URL of the remote",
            ZOOKEEPER, "The queue identity; set it when clones of one repository use different remote URLs.");
    public static final Setting<String> ZK_REMOTE = Setting.text(ZOOKEEPER_REMOTE, "origin", null, ZOOKEEPER,
            "The git remote whose URL names the queue.");

    public static final Setting<String> LAND_REMOTE = Setting.text(REMOTE, "origin", null, LAND_INIT,
            "The remote to fetch from and push to.");
    public static final Setting<String> LAND_INTEGRATION_BRANCH = Setting.text(INTEGRATION_BRANCH, null,
            "the remote's default branch, else the main checkout's", LAND_INIT, "The branch lanes land on and the pre-push guard protects.");
    public static final Setting<List<String>> LAND_PROTECTED_BRANCHES = Setting.list(PROTECTED_BRANCHES, LAND_INIT,
            "Further branches land refuses to run from and nobody may push to by hand, e.g. release.");
    public static final Setting<List<String>> LAND_REGENERABLE_FILES = Setting.list(REGENERABLE_FILES, LAND,
            "Tracked files a build regenerates (paths relative to the worktree): their changes are discarded "
                    + "before the rebase instead of blocking it.");
    public static final Setting<String> LAND_CHECK_GOALS = Setting.text(CHECK_GOALS, "verify", null, LAND,
            "Goals and phases of the check build run on the rebased commit (spaces or commas), as a child mvn -B "
                    + "with this build's settings, profiles and user properties.");
    public static final Setting<List<String>> LAND_CHECK_COMMAND = Setting.list(CHECK_COMMAND, LAND,
            "A command to run as the checks instead of the check goals: its arguments separated by commas, "
                    + "run without a shell, e.g. ./ci/check.sh,--fast.");
    public static final Setting<Boolean> LAND_CHECKS_REQUIRED = Setting.flag(CHECKS_REQUIRED, true, LAND,
            "Refuse to land without checks; false (with empty check goals) lands unchecked.");
    public static final Setting<Integer> LAND_PUSH_RETRIES = Setting.number(PUSH_RETRIES, 0, 3, LAND,
            "How often to fetch, rebase, check and push again when the push is rejected because the remote moved.");
    public static final Setting<Boolean> LAND_SYNC = Setting.flag(SYNC, true, LAND,
            "Fast-forward the main checkout to the landed commit (only if it is clean, on the integration branch "
                    + "and has not diverged).");
    public static final Setting<Integer> LAND_BATCH = Setting.number(BATCH, 1, 1, LAND,
            "The most lanes landed together, the lander's own included: it takes up to batch - 1 of the batching "
                    + "landers queued behind it, checks and pushes them once, and bisects a failure; 1 lands lane by lane.");

    public static final Setting<Boolean> STATUS_JSON = Setting.flag(JSON, false, STATUS,
            "Print one JSON document (see the status JSON page) instead of log lines.");
    public static final Setting<String> STATUS_OUTPUT = Setting.text(OUTPUT, null, "none (the console)", STATUS,
            "Write the report to this file; use it for scripts on Maven 4, which prefixes a goal's standard output.");
    public static final Setting<String> STATUS_DIRECTORY = Setting.text(DIRECTORY, null, "the top directory of the invocation",
            STATUS, "A directory inside the repository whose queues are shown.");

    public static final Setting<String> LANE_BRANCH_PREFIX = Setting.text(BRANCH_PREFIX, "lane/", null, LANES,
            "Lane n works on the branch prefix + n, e.g. lane/3.");
    public static final Setting<String> LANE_WORKTREE_SUFFIX = Setting.text(WORKTREE_SUFFIX, "-lane-", null,
            LANES + ", build queue", "Lane n of the repository shop is the worktree ../shop + suffix + n beside it, e.g. ../shop-lane-3.");
    public static final Setting<Integer> LANE_PORT_BASE = Setting.number(PORT_BASE, 1, LaneDirectory.MAX_PORT_BASE,
            LaneDirectory.DEFAULT_PORT_BASE, LANES + ", build queue",
            "Lane n's dev-server port is portBase + n: printed by queuelock:port, and queuelock.lane.port in every build "
                    + "inside the lane.");
    public static final Setting<String> LANE_PRODUCTION_BRANCH = Setting.text(PRODUCTION_BRANCH, null,
            "none (the integration branch is production)", "promote, init",
            "The branch queuelock:promote fast-forwards to the integration branch; init also guards it against direct pushes.");
    public static final Setting<List<String>> LANE_SYMLINKS = Setting.list(SYMLINKS, "lane",
            "Git-ignored paths of the main checkout symlinked into each new lane, e.g. .env.");
    public static final Setting<Boolean> LANE_AUTO_LAND = Setting.flag(AUTO_LAND, true, "init",
            "The agents' instructions say to land when green; false: to propose landing to a person.");
    public static final Setting<Boolean> LANE_HOOK = Setting.flag(HOOK, false, "lane",
            "Run as Claude Code's WorktreeCreate hook (what init wires in): read the hook's JSON on standard input, "
                    + "print the path after a marker, give the reason for a refusal on standard error.");
    public static final Setting<Boolean> PREVIEW_RESTORE = Setting.flag(RESTORE, false, "preview",
            "Undo the preview shown in the main checkout instead of showing this lane.");

    /** Loaded by every Maven session (the build queue reads four of these): a plain loop, no streams. */
    private static final Map<String, Setting<?>> ALL = byName(
            SKIP_BUILD_QUEUE, SCOPE, POLL, STUCK_WARN,
            DEFAULT_BACKEND, LAND_QUEUE_BACKEND, BUILD_QUEUE_BACKEND,
            ZK_CONNECT, ZK_SESSION_TIMEOUT, ZK_CONNECTION_TIMEOUT, ZK_CHROOT, ZK_QUEUE_ID, ZK_REMOTE,
            LAND_REMOTE, LAND_INTEGRATION_BRANCH, LAND_PROTECTED_BRANCHES,
            LAND_REGENERABLE_FILES, LAND_CHECK_GOALS, LAND_CHECK_COMMAND, LAND_CHECKS_REQUIRED, LAND_PUSH_RETRIES,
            LAND_SYNC, LAND_BATCH,
            STATUS_JSON, STATUS_OUTPUT, STATUS_DIRECTORY,
            LANE_BRANCH_PREFIX, LANE_WORKTREE_SUFFIX, LANE_PORT_BASE, LANE_PRODUCTION_BRANCH, LANE_SYMLINKS, LANE_AUTO_LAND,
            LANE_HOOK, PREVIEW_RESTORE);

    private Settings() {
    }

    private static Map<String, Setting<?>> byName(Setting<?>... settings) {
        Map<String, Setting<?>> byName = new LinkedHashMap<>();
        for (Setting<?> setting : settings) {
            if (byName.put(setting.name(), setting) != null) {
                throw new IllegalStateException("two settings named " + setting.name());
            }
        }
        return byName;
    }

    /** Every setting, in the order the docs list them. */
    public static List<Setting<?>> all() {
        return List.copyOf(ALL.values());
    }

    /** The setting called {@code name}, if there is one. */
    public static Optional<Setting<?>> named(String name) {
        return Optional.ofNullable(ALL.get(name));
    }
}

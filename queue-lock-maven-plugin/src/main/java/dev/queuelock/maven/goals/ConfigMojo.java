package dev.queuelock.maven.goals;

import dev.queuelock.config.LockSettings;
import dev.queuelock.config.Setting;
import dev.queuelock.zookeeper.ZooKeeperSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.maven.execution.MavenSession;
import org.apache.maven.plugin.AbstractMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.apache.maven.plugins.annotations.Mojo;
import org.apache.maven.plugins.annotations.Parameter;

/**
 * Shows every queuelock.* setting as this invocation sees it (from -D and .mvn/maven.config): its
 * value, whether that is the default, and what it means; fails naming every key whose value is
 * not accepted, all at once, so one edit of .mvn/maven.config fixes them all. The build queue (the core extension) and the queue backends read their settings
 * from the user properties, not through a goal: they are declared as this goal's parameters so
 * that mvn queuelock:help -Ddetail lists them; the goals' own settings are listed under each goal.
 *
 * @since 0.1.0
 */
@Mojo(name = "config", requiresProject = false, aggregator = true, threadSafe = true)
public class ConfigMojo extends AbstractMojo {

    /**
     * Take no build lock in this session (the environment variable QUEUELOCK_SKIP=1 does the same).
     *
     * @since 0.1.0
     */
    @Parameter(property = LockSettings.SKIP, defaultValue = "false")
    private String skip;

    /**
     * Fallback poll interval of a waiter, in milliseconds (file-system events usually wake it sooner).
     *
     * @since 0.1.0
     */
    @Parameter(property = LockSettings.POLL_MILLIS, defaultValue = "200")
    private String pollMillis;

    /**
     * Warn waiters when the holder has held the lock this many minutes, and again after each such interval;
     * a live holder is never forced out.
     *
     * @since 0.1.0
     */
    @Parameter(property = LockSettings.STUCK_WARN_MINUTES, defaultValue = "5")
    private String stuckWarnMinutes;

    /**
     * Backend of every queue that has no backend setting of its own, except the build queue:
     * file, or zookeeper (queue-lock-zookeeper, in the plugin).
     *
     * @since 0.1.0
     */
    @Parameter(property = LockSettings.BACKEND, defaultValue = "file")
    private String backend;

    /**
     * Backend of the land queue; zookeeper shares it between machines.
     *
     * @since 0.1.0
     */
    @Parameter(property = LockSettings.LAND_BACKEND)
    private String landBackend;

    /**
     * Backend of the build queue; not changed by queuelock.backend, because CPU contention is per machine.
     *
     * @since 0.1.0
     */
    @Parameter(property = LockSettings.BUILD_BACKEND, defaultValue = "file")
    private String buildBackend;

    /**
     * ZooKeeper connect string, e.g. zk1:2181,zk2:2181,zk3:2181; a /path suffix is ZooKeeper's own chroot.
     *
     * @since 0.1.0
     */
    @Parameter(property = ZooKeeperSettings.ZOOKEEPER_CONNECT)
    private String zookeeperConnect;

    /**
     * How soon after a holder's machine dies or loses the network the next waiter gets the lock
     * (the server may clamp it to its min/max).
     *
     * @since 0.1.0
     */
    @Parameter(property = ZooKeeperSettings.ZOOKEEPER_SESSION_TIMEOUT, defaultValue = "30s")
    private String zookeeperSessionTimeout;

    /**
     * How long to try to reach ZooKeeper before failing.
     *
     * @since 0.1.0
     */
    @Parameter(property = ZooKeeperSettings.ZOOKEEPER_CONNECTION_TIMEOUT, defaultValue = "10s")
    private String zookeeperConnectionTimeout;

    /**
     * The znode under which all queues live.
     *
     * @since 0.1.0
     */
    @Parameter(property = ZooKeeperSettings.ZOOKEEPER_CHROOT, defaultValue = "/queuelock")
    private String zookeeperChroot;

    /**
     * The queue identity; set it when clones of one repository use different remote URLs.
     *
     * @since 0.1.0
     */
    @Parameter(property = ZooKeeperSettings.ZOOKEEPER_QUEUE_ID)
    private String zookeeperQueueId;

    /**
     * The git remote whose URL names the queue.
     *
     * @since 0.1.0
     */
    @Parameter(property = ZooKeeperSettings.ZOOKEEPER_REMOTE, defaultValue = "origin")
    private String zookeeperRemote;

    @Parameter(defaultValue = "${session}", readonly = true, required = true)
    private MavenSession session;

    @Override
    public void execute() throws MojoExecutionException {
        // This goal's own parameters may also come from a POM's <configuration>: they must be valid too.
        Map<Setting<?>, String> own = new LinkedHashMap<>();
        own.put(LockSettings.SKIP_BUILD_QUEUE, skip);
        own.put(LockSettings.POLL, pollMillis);
        own.put(LockSettings.STUCK_WARN, stuckWarnMinutes);
        own.put(LockSettings.DEFAULT_BACKEND, backend);
        own.put(LockSettings.LAND_QUEUE_BACKEND, landBackend);
        own.put(LockSettings.BUILD_QUEUE_BACKEND, buildBackend);
        own.put(ZooKeeperSettings.ZK_CONNECT, zookeeperConnect);
        own.put(ZooKeeperSettings.ZK_SESSION_TIMEOUT, zookeeperSessionTimeout);
        own.put(ZooKeeperSettings.ZK_CONNECTION_TIMEOUT, zookeeperConnectionTimeout);
        own.put(ZooKeeperSettings.ZK_CHROOT, zookeeperChroot);
        own.put(ZooKeeperSettings.ZK_QUEUE_ID, zookeeperQueueId);
        own.put(ZooKeeperSettings.ZK_REMOTE, zookeeperRemote);
        List<String> problems = new ArrayList<>();
        for (Map.Entry<Setting<?>, String> e : own.entrySet()) {
            parse(e.getKey(), e.getValue(), problems);
        }
        List<String> lines = lines(session.getUserProperties(), problems);
        if (!problems.isEmpty()) {
            throw new MojoExecutionException(String.join("; ", problems));
        }
        lines.forEach(getLog()::info);
    }

    /** Adds the refusal of {@code value} to {@code problems}, once (a key given as -D is also this goal's parameter). */
    private static void parse(Setting<?> setting, String value, List<String> problems) {
        try {
            setting.parse(value);
        } catch (IllegalArgumentException e) {
            if (!problems.contains(e.getMessage())) {
                problems.add(e.getMessage());
            }
        }
    }

    /**
     * One line per setting: {@code key = value (default|set)} and its meaning, in the registry's order.
     *
     * Every value not accepted goes into {@code problems}, with what it accepts.
     */
    static List<String> lines(Properties user, List<String> problems) {
        List<String> out = new ArrayList<>();
        for (Setting<?> setting : SettingsCatalog.all()) {
            String value = user.getProperty(setting.name());
            parse(setting, value, problems);
            boolean set = value != null && !value.isBlank();
            out.add(setting.name() + " = " + (set ? value.trim() + " (set)" : setting.defaultText() + " (default)")
                    + " [" + setting.readBy() + "]");
            out.add("    " + setting.meaning());
        }
        return out;
    }
}

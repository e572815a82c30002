package dev.queuelock.zookeeper;

import dev.queuelock.QueueLockException;
import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;
import dev.queuelock.spi.BackendContext;
import java.time.Duration;

/** The {@code queuelock.zookeeper.*} keys, and their values as read from the factory's settings. */
public final class ZooKeeperSettings {

    /** This class's settings, in the order the docs list them (declared first: the settings below join it). */
    public static final SettingGroup SETTINGS = new SettingGroup();

    private static final String ZOOKEEPER = "zookeeper backend";

    public static final Setting<String> ZOOKEEPER_CONNECT = SETTINGS.add(Setting.text("queuelock.zookeeper.connect", null, "none (required)", ZOOKEEPER,
            "ZooKeeper connect string, e.g. zk1:2181,zk2:2181,zk3:2181; a /path suffix is ZooKeeper's own chroot."));
    public static final Setting<Duration> ZOOKEEPER_SESSION_TIMEOUT = SETTINGS.add(Setting.duration("queuelock.zookeeper.sessionTimeout",
            Duration.ofSeconds(30), ZOOKEEPER,
            "How soon after a holder's machine dies or loses the network the next waiter gets the lock "
                    + "(the server may clamp it to its min/max)."));
    public static final Setting<Duration> ZOOKEEPER_CONNECTION_TIMEOUT = SETTINGS.add(Setting.duration("queuelock.zookeeper.connectionTimeout",
            Duration.ofSeconds(10), ZOOKEEPER, "How long to try to reach ZooKeeper before failing."));
    public static final Setting<String> ZOOKEEPER_CHROOT = SETTINGS.add(Setting.text("queuelock.zookeeper.chroot", "/queuelock", null, ZOOKEEPER,
            "The znode under which all queues live."));
    public static final Setting<String> ZOOKEEPER_QUEUE_ID = SETTINGS.add(Setting.text("queuelock.zookeeper.queueId", null, "the normalized URL of the remote",
            ZOOKEEPER, "The queue identity; set it when clones of one repository use different remote URLs."));
    public static final Setting<String> ZOOKEEPER_REMOTE = SETTINGS.add(Setting.text("queuelock.zookeeper.remote", "origin", null, ZOOKEEPER,
            "The git remote whose URL names the queue."));

    final String connect;
    final Duration sessionTimeout;
    final Duration connectionTimeout;
    final String chroot;

    private ZooKeeperSettings(String connect, Duration sessionTimeout, Duration connectionTimeout, String chroot) {
        this.connect = connect;
        this.sessionTimeout = sessionTimeout;
        this.connectionTimeout = connectionTimeout;
        this.chroot = chroot;
    }

    static ZooKeeperSettings from(BackendContext context) {
        String connect = context.setting(ZOOKEEPER_CONNECT.name()).orElseThrow(() -> new QueueLockException(
                "the zookeeper queue backend needs " + ZOOKEEPER_CONNECT.name() + " (e.g. -D" + ZOOKEEPER_CONNECT.name()
                        + "=zk1:2181,zk2:2181,zk3:2181)."));
        String chroot = ZOOKEEPER_CHROOT.from(context.settings()).replaceAll("/+$", "");
        if (!chroot.startsWith("/") || chroot.contains("//")) {
            throw new QueueLockException(ZOOKEEPER_CHROOT.name() + " must be an absolute znode path such as /queuelock, not '"
                    + chroot + "'.");
        }
        try {
            return new ZooKeeperSettings(connect, ZOOKEEPER_SESSION_TIMEOUT.from(context.settings()),
                    ZOOKEEPER_CONNECTION_TIMEOUT.from(context.settings()), chroot);
        } catch (IllegalArgumentException e) {
            throw new QueueLockException(e.getMessage() + ".");
        }
    }
}

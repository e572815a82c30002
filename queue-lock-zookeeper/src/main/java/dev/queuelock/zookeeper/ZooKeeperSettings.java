package dev.queuelock.zookeeper;

import dev.queuelock.Durations;
import dev.queuelock.QueueLockException;
import dev.queuelock.spi.BackendContext;
import java.time.Duration;
import java.util.Optional;

/** The {@code queuelock.zookeeper.*} settings, each one documented constant, read from the factory's settings. */
public final class ZooKeeperSettings {

    /**
     * The ZooKeeper connect string (String, required), e.g. {@code zk1:2181,zk2:2181,zk3:2181}; a
     * {@code /path} suffix is ZooKeeper's own chroot: {@value}.
     */
    public static final String CONNECT = "queuelock.zookeeper.connect";

    /**
     * Session timeout (duration such as {@code 30s}, default 30s): how long after a holder's machine
     * dies or loses the network the next waiter gets the lock: {@value}.
     */
    public static final String SESSION_TIMEOUT = "queuelock.zookeeper.sessionTimeout";

    /** How long to try to reach ZooKeeper before failing (duration, default 10s): {@value}. */
    public static final String CONNECTION_TIMEOUT = "queuelock.zookeeper.connectionTimeout";

    /** The znode under which all queues live (String, default {@code /queuelock}): {@value}. */
    public static final String CHROOT = "queuelock.zookeeper.chroot";

    /**
     * The queue identity (String, default: the normalized URL of {@link #REMOTE}, so every clone of
     * one repository on every machine shares its queues): {@value}.
     */
    public static final String QUEUE_ID = "queuelock.zookeeper.queueId";

    /** The git remote whose URL names the queue (String, default {@code origin}): {@value}. */
    public static final String REMOTE = "queuelock.zookeeper.remote";

    static final Duration DEFAULT_SESSION_TIMEOUT = Duration.ofSeconds(30);
    static final Duration DEFAULT_CONNECTION_TIMEOUT = Duration.ofSeconds(10);
    static final String DEFAULT_CHROOT = "/queuelock";

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
        String connect = context.setting(CONNECT).orElseThrow(() -> new QueueLockException(
                "the zookeeper queue backend needs " + CONNECT + " (e.g. -D" + CONNECT + "=zk1:2181,zk2:2181,zk3:2181)."));
        String chroot = context.setting(CHROOT).orElse(DEFAULT_CHROOT).replaceAll("/+$", "");
        if (!chroot.startsWith("/") || chroot.contains("//")) {
            throw new QueueLockException(CHROOT + " must be an absolute znode path such as /queuelock: '" + chroot + "'.");
        }
        return new ZooKeeperSettings(connect, duration(context, SESSION_TIMEOUT, DEFAULT_SESSION_TIMEOUT),
                duration(context, CONNECTION_TIMEOUT, DEFAULT_CONNECTION_TIMEOUT), chroot);
    }

    private static Duration duration(BackendContext context, String key, Duration fallback) {
        Optional<String> text = context.setting(key);
        try {
            return text.map(t -> Durations.parse(key, t)).orElse(fallback);
        } catch (IllegalArgumentException e) {
            throw new QueueLockException(e.getMessage());
        }
    }
}

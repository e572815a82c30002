package dev.queuelock.zookeeper;

import static dev.queuelock.config.QueueLockProperties.ZOOKEEPER_CHROOT;
import static dev.queuelock.config.QueueLockProperties.ZOOKEEPER_CONNECT;

import dev.queuelock.QueueLockException;
import dev.queuelock.config.Settings;
import dev.queuelock.spi.BackendContext;
import java.time.Duration;

/** The {@code queuelock.zookeeper.*} settings ({@link Settings}), read from the factory's settings. */
public final class ZooKeeperSettings {

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
        String connect = context.setting(ZOOKEEPER_CONNECT).orElseThrow(() -> new QueueLockException(
                "the zookeeper queue backend needs " + ZOOKEEPER_CONNECT + " (e.g. -D" + ZOOKEEPER_CONNECT
                        + "=zk1:2181,zk2:2181,zk3:2181)."));
        String chroot = Settings.ZK_CHROOT.from(context.settings()).replaceAll("/+$", "");
        if (!chroot.startsWith("/") || chroot.contains("//")) {
            throw new QueueLockException(ZOOKEEPER_CHROOT + " must be an absolute znode path such as /queuelock, not '"
                    + chroot + "'.");
        }
        try {
            return new ZooKeeperSettings(connect, Settings.ZK_SESSION_TIMEOUT.from(context.settings()),
                    Settings.ZK_CONNECTION_TIMEOUT.from(context.settings()), chroot);
        } catch (IllegalArgumentException e) {
            throw new QueueLockException(e.getMessage() + ".");
        }
    }
}

package dev.queuelock.zookeeper;

import dev.queuelock.Durations;
import dev.queuelock.QueueLockException;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.BoundedExponentialBackoffRetry;

/** Opens one Curator client (one ZooKeeper session) and fails fast, naming the connect string, if it cannot. */
final class ZooKeeperConnection {

    private ZooKeeperConnection() {
    }

    static CuratorFramework open(ZooKeeperSettings settings) throws InterruptedException {
        int connectionMs = (int) settings.connectionTimeout.toMillis();
        CuratorFramework client = CuratorFrameworkFactory.builder()
                .connectString(settings.connect)
                .sessionTimeoutMs((int) settings.sessionTimeout.toMillis())
                .connectionTimeoutMs(connectionMs)
                // Retries ride out a failing-over ensemble node; bounded so an operation never hangs.
                .retryPolicy(new BoundedExponentialBackoffRetry(100, 1000, 5))
                .build();
        boolean connected = false;
        try {
            client.start();
            connected = client.blockUntilConnected(connectionMs, TimeUnit.MILLISECONDS);
        } catch (IllegalArgumentException e) {
            client.close();
            throw new QueueLockException("invalid ZooKeeper connect string '" + settings.connect + "': " + e.getMessage()
                    + "; fix " + ZooKeeperSettings.ZOOKEEPER_CONNECT.name() + ".");
        } finally {
            if (!connected) {
                client.close();
            }
        }
        if (!connected) {
            throw unreachable(settings);
        }
        return client;
    }

    static QueueLockException unreachable(ZooKeeperSettings settings) {
        return new QueueLockException("cannot reach ZooKeeper at " + settings.connect + " within "
                + Durations.format(settings.connectionTimeout) + "; check that it runs and " + ZooKeeperSettings.ZOOKEEPER_CONNECT.name()
                + " (or raise " + ZooKeeperSettings.ZOOKEEPER_CONNECTION_TIMEOUT.name() + ").");
    }

    /** A ZooKeeper failure as a one-line message naming the server. */
    static QueueLockException failed(ZooKeeperSettings settings, String doing, Exception e) {
        return new QueueLockException("ZooKeeper at " + settings.connect + " failed while " + doing + ": " + e
                + "; check the ensemble and run again.", e);
    }
}

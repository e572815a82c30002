package dev.queuelock.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.QueueLockException;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.LockSettings;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Misconfigured or down: a one-line message saying what to do, within the connection timeout, never a hang. */
class UnreachableZooKeeperTest {

    @TempDir
    Path tmp;

    private QueueLockFactory factory(Map<String, String> settings) {
        return QueueLockFactory.defaults().withTmpDir(tmp).withSettings(settings);
    }

    @Test
    @Timeout(60)
    void aDownZooKeeperFailsFastNamingTheConnectString() {
        String connect = "127.0.0.1:" + ZooKeeperServers.closedPort();
        Map<String, String> settings = new HashMap<>(ZooKeeperServers.settings(connect, "down/repo"));
        settings.put(ZooKeeperSettings.ZOOKEEPER_CONNECTION_TIMEOUT.name(), "2s");
        QueueLock lock = factory(settings).open("land", tmp);

        long start = System.nanoTime();
        assertThatThrownBy(() -> lock.acquire(AcquireOptions.defaults()))
                .isInstanceOf(QueueLockException.class)
                .hasMessage("cannot reach ZooKeeper at " + connect + " within 2s; check that it runs and "
                        + "queuelock.zookeeper.connect (or raise queuelock.zookeeper.connectionTimeout).");
        // Bounded by the connection timeout, not by retries: generous for a loaded machine, far from a hang.
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(30_000);
        assertThat(lock.isHeld()).isFalse();
        lock.release();

        assertThatThrownBy(() -> factory(settings).snapshot("land", tmp))
                .isInstanceOf(QueueLockException.class).hasMessageContaining("cannot reach ZooKeeper at " + connect);
    }

    @Test
    void noConnectStringSaysWhichSettingIsMissing() {
        QueueLockFactory factory = factory(Map.of(LockSettings.LAND_BACKEND, "zookeeper",
                ZooKeeperSettings.ZOOKEEPER_QUEUE_ID.name(), "x"));
        assertThatThrownBy(() -> factory.open("land", tmp))
                .isInstanceOf(QueueLockException.class)
                .hasMessage("the zookeeper queue backend needs queuelock.zookeeper.connect"
                        + " (e.g. -Dqueuelock.zookeeper.connect=zk1:2181,zk2:2181,zk3:2181).");
    }

    @Test
    void aDirectoryWithoutRemoteNeedsAnExplicitQueueId() {
        QueueLockFactory factory = factory(Map.of(LockSettings.LAND_BACKEND, "zookeeper",
                ZooKeeperSettings.ZOOKEEPER_CONNECT.name(), "127.0.0.1:1"));
        assertThatThrownBy(() -> factory.open("land", tmp))
                .isInstanceOf(QueueLockException.class)
                .hasMessageContaining("git remote 'origin' has no URL there; set queuelock.zookeeper.queueId");
    }

    @Test
    void theUnknownBackendMessageListsZooKeeperOnceItIsOnTheClassPath() {
        QueueLockFactory factory = factory(Map.of(LockSettings.BACKEND, "etcd"));
        assertThatThrownBy(() -> factory.backendFor("land"))
                .hasMessage("unknown queue backend 'etcd'; known: file, zookeeper.");
    }
}

package dev.queuelock.zookeeper;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.LockSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;

/** In-process ZooKeeper servers with a short tick, so sessions may be short (a crashed holder is noticed fast). */
final class ZooKeeperServers {

    /** Short, so kill -9 tests are quick; long enough for a loaded 2-core machine not to expire a live session. */
    static final String SESSION_TIMEOUT = "4s";

    private ZooKeeperServers() {
    }

    /** A started standalone server with a 200 ms tick (sessions from 400 ms to 4 s). */
    static TestingServer standalone() throws Exception {
        return new TestingServer(spec(), true);
    }

    static InstanceSpec spec() {
        return new InstanceSpec(null, -1, -1, -1, true, -1, 200, -1);
    }

    /** The settings that put the land queue of queue id {@code queueId} on the ZooKeeper at {@code connect}. */
    static Map<String, String> settings(String connect, String queueId) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put(LockSettings.BACKEND, ZooKeeperBackend.NAME);
        settings.put(ZooKeeperSettings.ZOOKEEPER_CONNECT, connect);
        settings.put(ZooKeeperSettings.ZOOKEEPER_SESSION_TIMEOUT, SESSION_TIMEOUT);
        settings.put(ZooKeeperSettings.ZOOKEEPER_CONNECTION_TIMEOUT, "15s");
        if (queueId != null) {
            settings.put(ZooKeeperSettings.ZOOKEEPER_QUEUE_ID, queueId);
        }
        return settings;
    }

    /** A port nobody listens on (free a moment ago). */
    static int closedPort() {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

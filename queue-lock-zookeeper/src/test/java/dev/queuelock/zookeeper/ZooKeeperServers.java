package dev.queuelock.zookeeper;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.LockSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.util.ServiceUtils;

/** In-process ZooKeeper servers with a short tick, so sessions may be short (a crashed holder is noticed fast). */
final class ZooKeeperServers {

    /** Short, so kill -9 tests are quick; long enough for a loaded 2-core machine not to expire a live session. */
    static final String SESSION_TIMEOUT = "4s";

    /*
     * Ports are chosen below every platform's ephemeral range (Linux from 32768, macOS from 49152).
     * Curator's own choice (a port the kernel just handed out) can be given again to an outgoing
     * connection, of the ensemble's servers to each other, before the server it was meant for binds
     * it: ZooKeeper then ends the whole test JVM (exit code 14, found in CI). Test JVMs run at
     * once (surefire's forks) take blocks of their own, so none picks a port another just took.
     */
    private static final int PORTS = 3_000;
    private static final int FIRST_PORT = 20_000 + (Integer.getInteger("queuelock.test.fork", 1) - 1) % 4 * PORTS;
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    static {
        // A server that cannot bind fails its test instead of calling System.exit in the test JVM.
        ServiceUtils.setSystemExitProcedure(ServiceUtils.LOG_ONLY);
    }

    private ZooKeeperServers() {
    }

    /** A started standalone server with a 200 ms tick (sessions from 400 ms to 4 s). */
    static TestingServer standalone() throws Exception {
        return new TestingServer(spec(), true);
    }

    static InstanceSpec spec() {
        return new InstanceSpec(null, freePort(), freePort(), freePort(), true, -1, 200, -1);
    }

    /** A free port of this JVM's block, outside the ephemeral range, never handed out twice in this JVM. */
    private static int freePort() {
        while (true) {
            int port = FIRST_PORT + ThreadLocalRandom.current().nextInt(PORTS);
            if (!HANDED_OUT.add(port)) {
                continue;
            }
            try (ServerSocket socket = new ServerSocket()) {
                socket.setReuseAddress(true);
                socket.bind(new InetSocketAddress(port));
                return port;
            } catch (IOException inUse) {
                // taken by another program: try another
            }
        }
    }

    /** The settings that put the land queue of queue id {@code queueId} on the ZooKeeper at {@code connect}. */
    static Map<String, String> settings(String connect, String queueId) {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put(LockSettings.BACKEND, ZooKeeperBackend.NAME);
        settings.put(ZooKeeperSettings.ZOOKEEPER_CONNECT.name(), connect);
        settings.put(ZooKeeperSettings.ZOOKEEPER_SESSION_TIMEOUT.name(), SESSION_TIMEOUT);
        settings.put(ZooKeeperSettings.ZOOKEEPER_CONNECTION_TIMEOUT.name(), "15s");
        if (queueId != null) {
            settings.put(ZooKeeperSettings.ZOOKEEPER_QUEUE_ID.name(), queueId);
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

package dev.queuelock.zookeeper;

import dev.queuelock.testsupport.QueueBackendContract;
import java.nio.file.Path;
import java.util.Map;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** The backend contract, unchanged, on a real ZooKeeper server. */
class ZooKeeperBackendContractTest extends QueueBackendContract {

    private static TestingServer server;

    @BeforeAll
    static void startServer() throws Exception {
        server = ZooKeeperServers.standalone();
    }

    @AfterAll
    static void stopServer() throws Exception {
        server.close();
    }

    @Override
    protected Map<String, String> backendSettings(Path testDir) {
        // One queue per test: the server outlives the tests of this class.
        return ZooKeeperServers.settings(server.getConnectString(), "contract/" + testDir.getFileName());
    }

    @Override
    protected boolean placesByPriority() {
        return false;
    }

    @Override
    protected boolean recordsHost() {
        return true;
    }
}

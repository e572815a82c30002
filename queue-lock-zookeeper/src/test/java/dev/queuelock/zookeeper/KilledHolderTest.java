package dev.queuelock.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.LockWorkers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** kill -9 leaves no chance to clean up: the holder's session expires and the next waiter gets the lock. */
class KilledHolderTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    @Timeout(120)
    void nextWaiterAcquiresWithinTheSessionTimeout() throws Exception {
        try (TestingServer server = ZooKeeperServers.standalone()) {
            Map<String, String> settings = ZooKeeperServers.settings(server.getConnectString(), "killed/repo");
            List<String> options = settings.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.toList());
            LockWorkers workers = new LockWorkers(children, tmp, Files.createDirectory(tmp.resolve("repo")), "land", options);
            ChildProcess holder = workers.startHolder("holder");
            ChildProcess waiter = workers.startWaiter("next", 10);

            long killedAt = System.currentTimeMillis();
            holder.kill9();

            assertThat(waiter.awaitExit(Duration.ofSeconds(60))).as(waiter.output()).isZero();
            long waited = workers.events("acquired", waiter).get(0).ms() - killedAt;
            // The session timeout is 4 s; ZooKeeper expires sessions on its tick, so allow its slack and a busy machine.
            assertThat(waited).as("ms from kill -9 to the next acquire").isBetween(0L,
                    Duration.parse("PT" + ZooKeeperServers.SESSION_TIMEOUT).toMillis() + 20_000);
            assertThat(workers.events("released", holder)).as("kill -9 runs no hook").isEmpty();
        }
    }
}

package dev.queuelock.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.LockRecord;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.land.lanes.LaneState;
import dev.queuelock.land.notify.Notifier;
import dev.queuelock.land.watch.FactorySources;
import dev.queuelock.land.watch.WatchLoop;
import dev.queuelock.land.watch.WatchModel;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.LockWorkers;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code watch} on a ZooKeeper land queue is woken by a landing another process (another machine,
 * with a temp dir of its own) takes: the queue's backend tells it, not a file watch on the znode's
 * path taken for a local directory, which never exists and never wakes.
 */
class WatchWokenByRemoteLandingTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    @Timeout(120)
    void aLandingTakenByAnotherProcessIsShownWithinASecond() throws Exception {
        try (TestingServer server = ZooKeeperServers.standalone()) {
            Map<String, String> settings = ZooKeeperServers.settings(server.getConnectString(), "watched/repo");
            Path here = Files.createDirectories(tmp.resolve("here"));
            Path repo = Files.createDirectories(here.resolve("repo"));
            QueueLockFactory factory = QueueLockFactory.defaults().withTmpDir(here).withSettings(settings);
            AtomicReference<WatchModel> shown = new AtomicReference<>();
            Thread watch = new Thread(() -> watch(factory, repo, shown), "watch");
            watch.start();
            try {
                await().atMost(LockWorkers.PATIENCE).until(() -> shown.get() != null);
                assertThat(shown.get().landQueue().holders()).as("nobody lands yet").isEmpty();

                // Another machine: its own temp dir and directory, the same queue id on the same ensemble.
                Path there = Files.createDirectories(tmp.resolve("there"));
                List<String> options = settings.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                        .collect(Collectors.toList());
                LockWorkers workers = new LockWorkers(children, there, Files.createDirectory(there.resolve("repo")), "land", options);
                ChildProcess lander = workers.startHolder("remote-lander");

                await().atMost(Duration.ofSeconds(1)).untilAsserted(() -> assertThat(shown.get().landQueue().holders())
                        .as("the other process's landing, on the watch").extracting(LockRecord::pid).containsExactly(lander.pid()));
            } finally {
                watch.interrupt();
                watch.join(LockWorkers.PATIENCE.toMillis());
            }
        }
    }

    /** {@code mvn queuelock:watch}'s loop on these queues, outside git, until interrupted. */
    private static void watch(QueueLockFactory factory, Path repo, AtomicReference<WatchModel> shown) {
        FactorySources sources = new FactorySources(factory, factory.queue("build", repo), factory.queue("land", repo)) {
            @Override
            public List<LaneState> lanes() {
                return List.of();
            }

            @Override
            public Path commonDir() {
                return null;
            }
        };
        try {
            new WatchLoop(sources, Notifier.NONE, 0).run(shown::set);
        } catch (InterruptedException e) {
            // the test is over
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

package dev.queuelock.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.WaitListener;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.checks.Checks;
import dev.queuelock.land.engine.CheckAndPushSettings;
import dev.queuelock.land.engine.Lander;
import dev.queuelock.land.git.Git;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A holder that loses its ZooKeeper connection knows it, and land then pushes nothing. */
class SessionLossTest {

    @TempDir
    Path tmp;

    private TestingServer server;

    @BeforeEach
    void startServer() throws Exception {
        server = ZooKeeperServers.standalone();
    }

    @AfterEach
    void stopServer() throws Exception {
        server.close();
    }

    private QueueLockFactory factory(String queueId) {
        return QueueLockFactory.defaults().withTmpDir(tmp)
                .withSettings(ZooKeeperServers.settings(server.getConnectString(), queueId));
    }

    @Test
    @Timeout(90)
    void aHolderWhoseServerGoesAwayNoLongerHolds() throws Exception {
        QueueLock lock = factory("loss/repo").open("land", tmp);
        try {
            lock.acquire(AcquireOptions.defaults());
            assertThat(lock.isHeld()).isTrue();

            server.stop();

            await().atMost(Duration.ofSeconds(30)).until(() -> !lock.isHeld());
            server.restart();
            assertThat(lock.isHeld()).as("a suspended hold stays lost even if the session survives").isFalse();
        } finally {
            lock.release();
        }
        try (QueueLock next = factory("loss/repo").open("land", tmp)) {
            next.acquire(AcquireOptions.defaults());
            assertThat(next.isHeld()).isTrue();
        }
    }

    @Test
    @Timeout(120)
    void landAbortsBeforeThePushWhenTheSessionIsLostDuringTheChecks() throws Exception {
        Path remote = Repos.bareRemote(tmp);
        Path lane = Repos.laneClone(remote, tmp.resolve("machine-a").resolve("repo"), "feature");
        String before = dev.queuelock.testsupport.GitFixture.git(remote, "rev-parse", "main");
        QueueLockFactory locks = QueueLockFactory.defaults().withTmpDir(Files.createDirectory(tmp.resolve("queues")))
                .withSettings(ZooKeeperServers.settings(server.getConnectString(), null));
        QueueLock landLock = locks.open("land", lane);
        Checks losingTheServer = new Checks() {
            @Override
            public String describe() {
                return "checks during which ZooKeeper goes away";
            }

            @Override
            public boolean run(Path worktree, Path log) {
                try {
                    server.stop();
                } catch (java.io.IOException e) {
                    throw new AssertionError(e);
                }
                // The checks end only once the client has noticed (a fixed sleep could end first under load).
                await().atMost(Duration.ofSeconds(60)).until(() -> !landLock.isHeld());
                return true;
            }
        };
        Lander lander = new Lander(new Git(lane), CheckAndPushSettings.defaults(), losingTheServer, landLock,
                locks.open("build", lane), quietLog(WaitListener.NONE));

        LandResult lost = lander.land(); // a refusal is the landing's result, told by the goal
        assertThat(lost.succeeded()).isFalse();
        assertThat(lost.message()).startsWith("lost the land queue before the push").contains("nothing was pushed");
        assertThat(dev.queuelock.testsupport.GitFixture.git(remote, "rev-parse", "main")).as("remote main untouched").isEqualTo(before);
    }

    /** A land log that says nothing but passes land-queue wait events on to {@code landWaits}. */
    static LandLog quietLog(WaitListener landWaits) {
        return new LandLog() {
            @Override
            public void landWait(dev.queuelock.WaitEvent event) {
                landWaits.onWait(event);
            }

            @Override
            public void info(String line) {
            }

            @Override
            public void warn(String line) {
            }

            @Override
            public void error(String line) {
            }
        };
    }
}

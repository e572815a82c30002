package dev.queuelock.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.WaitEvent;
import dev.queuelock.WaitListener;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.checks.Checks;
import dev.queuelock.land.engine.CheckAndPushSettings;
import dev.queuelock.land.engine.Lander;
import dev.queuelock.land.git.Git;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two clones of one remote at different paths, each with its own temp dir: two "machines" whose
 * file queues could never meet. On ZooKeeper, with the queue id taken from the remote's URL, their
 * land queue is one: the second lander waits for the first, rebases onto what it pushed, and lands.
 */
class TwoMachinesLandTest {

    @TempDir
    Path tmp;

    @Test
    @Timeout(120)
    void clonesOfOneRemoteShareTheLandQueueAndBothLand() throws Exception {
        Path remote = Repos.bareRemote(tmp);
        Path alpha = Repos.laneClone(remote, tmp.resolve("machine-a").resolve("alpha"), "alpha");
        Path beta = Repos.laneClone(remote, tmp.resolve("machine-b").resolve("work").resolve("beta"), "beta");
        CountDownLatch alphaChecking = new CountDownLatch(1);
        CountDownLatch betaSawAlphaHold = new CountDownLatch(1);
        List<WaitEvent> betaWaits = new CopyOnWriteArrayList<>();

        try (TestingServer server = ZooKeeperServers.standalone()) {
            Checks alphaChecks = new Checks() {
                @Override
                public String describe() {
                    return "checks that last until beta queues behind them";
                }

                @Override
                public boolean run(Path worktree, Path log) throws InterruptedException {
                    alphaChecking.countDown();
                    return betaSawAlphaHold.await(60, TimeUnit.SECONDS);
                }
            };
            WaitListener betaListener = event -> {
                betaWaits.add(event);
                if (event.holders().stream().findFirst().map(h -> h.lane().equals("alpha")).orElse(false)) {
                    betaSawAlphaHold.countDown();
                }
            };
            CompletableFuture<LandResult> alphaRun = CompletableFuture.supplyAsync(
                    () -> land(lander(alpha, server, "machine-a", alphaChecks, WaitListener.NONE)));
            assertThat(alphaChecking.await(60, TimeUnit.SECONDS)).as("alpha got the land queue").isTrue();
            CompletableFuture<LandResult> betaRun = CompletableFuture.supplyAsync(
                    () -> land(lander(beta, server, "machine-b", Checks.NONE, betaListener)));

            assertThat(alphaRun.get(90, TimeUnit.SECONDS).outcome()).isEqualTo(Outcome.LANDED);
            assertThat(betaRun.get(90, TimeUnit.SECONDS).outcome()).isEqualTo(Outcome.LANDED);
        }
        assertThat(betaWaits).as("beta waited behind alpha, seen on its host")
                .anyMatch(e -> e.holders().stream().findFirst().map(h -> h.lane().equals("alpha") && h.host().isPresent()).orElse(false));
        assertThat(Repos.log(remote)).containsExactly("add beta", "add alpha", "initial");
    }

    private Lander lander(Path lane, TestingServer server, String machine, Checks checks, WaitListener landWaits) {
        try {
            // Each machine its own temp dir: only ZooKeeper can make their land queues one.
            QueueLockFactory locks = QueueLockFactory.defaults()
                    .withTmpDir(Files.createDirectories(tmp.resolve(machine + "-tmp")))
                    .withSettings(ZooKeeperServers.settings(server.getConnectString(), null));
            return new Lander(new Git(lane), CheckAndPushSettings.defaults(), checks, locks.open("land", lane), locks.open("build", lane),
                    SessionLossTest.quietLog(landWaits));
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    private static LandResult land(Lander lander) {
        try {
            return lander.land();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}

package dev.queuelock.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLockException;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A 3-node ensemble loses the node the holder is connected to, then its leader, while three lanes
 * queue: the lanes keep taking turns, and no two ever believe they hold at once.
 */
class EnsembleFailoverTest {

    private static final Duration PROGRESS = Timing.seconds(60);
    /** Queue "land" of queue id "ensemble/repo" under the default chroot. */
    private static final String QUEUE_PATH = "/queuelock/ensemble%2Frepo/land";

    @TempDir
    Path tmp;

    /** One hold as the lane saw it; {@code valid} if the lock still counted as held at its end. */
    private static final class Hold {
        final String lane;
        final long from;
        final long to;
        final boolean valid;

        Hold(String lane, long from, long to, boolean valid) {
            this.lane = lane;
            this.from = from;
            this.to = to;
            this.valid = valid;
        }
    }

    @Test
    @Timeout(180)
    void lanesKeepTakingTurnsThroughAFailoverAndALeaderLoss() throws Exception {
        List<InstanceSpec> specs = List.of(ZooKeeperServers.spec(), ZooKeeperServers.spec(), ZooKeeperServers.spec());
        try (TestingCluster cluster = new TestingCluster(specs.toArray(new InstanceSpec[0]))) {
            cluster.start();
            QueueLockFactory factory = QueueLockFactory.defaults().withTmpDir(tmp)
                    .withSettings(ZooKeeperServers.settings(cluster.getConnectString(), null));
            List<Hold> holds = new CopyOnWriteArrayList<>();
            List<String> retried = new CopyOnWriteArrayList<>();
            // The test freezes a holder mid-hold to pull its server from under it.
            AtomicBoolean freeze = new AtomicBoolean();
            AtomicReference<ZooKeeperQueueLock> frozen = new AtomicReference<>();
            AtomicBoolean stop = new AtomicBoolean();
            List<Thread> lanes = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                String lane = "lane-" + i;
                ZooKeeperQueueLock lock = (ZooKeeperQueueLock) factory.open("land", "ensemble/repo", lane);
                Thread thread = new Thread(() -> {
                    while (!stop.get()) {
                        try {
                            lock.acquire(AcquireOptions.defaults().withLabel(lane).withReleaseAtExit(false));
                        } catch (QueueLockException e) {
                            retried.add(lane + ": " + e.getMessage()); // the ensemble was between leaders: queue again
                            continue;
                        } catch (InterruptedException e) {
                            return;
                        }
                        long from = System.nanoTime();
                        sleep(150);
                        if (freeze.get()) {
                            frozen.set(lock);
                            while (freeze.get()) {
                                sleep(20);
                            }
                        }
                        boolean valid = lock.isHeld();
                        holds.add(new Hold(lane, from, System.nanoTime(), valid));
                        lock.release();
                    }
                }, lane);
                thread.start();
                lanes.add(thread);
            }
            try {
                awaitHolds(holds, 3);
                freeze.set(true);
                await().atMost(PROGRESS).until(() -> frozen.get() != null);
                ZooKeeperQueueLock victim = frozen.get();
                InstanceSpec connected = serverOfHolder(cluster);
                cluster.killServer(connected);
                await("the holder to notice").atMost(PROGRESS).until(() -> !victim.isHeld());
                freeze.set(false);
                awaitHolds(holds, holds.size() + 4);
                cluster.restartServer(connected);
                awaitHolds(holds, holds.size() + 3);

                InstanceSpec leader = cluster.getInstances().stream().filter(EnsembleFailoverTest::isLeader)
                        .findFirst().orElseThrow();
                cluster.killServer(leader);
                awaitHolds(holds, holds.size() + 4);
            } finally {
                stop.set(true);
                for (Thread lane : lanes) {
                    lane.join(60_000);
                    lane.interrupt();
                }
            }

            List<Hold> valid = new ArrayList<>();
            holds.stream().filter(h -> h.valid).forEach(valid::add);
            valid.sort(Comparator.comparingLong(h -> h.from));
            for (int i = 1; i < valid.size(); i++) {
                assertThat(valid.get(i).from).as("%s held before %s let go", valid.get(i).lane, valid.get(i - 1).lane)
                        .isGreaterThan(valid.get(i - 1).to);
            }
            assertThat(valid.size()).as("valid holds; retried: %s", retried).isGreaterThanOrEqualTo(10);
            assertThat(holds.size() - valid.size()).as("the frozen holder's hold, at least, was lost").isPositive();
            assertThat(holds.stream().map(h -> h.lane).distinct()).as("every lane had turns").hasSize(3);
            System.out.printf("ensemble failover: %d holds (%d lost to a suspended connection), %d acquires retried%n",
                    holds.size(), holds.size() - valid.size(), retried.size());
        }
    }

    private static void awaitHolds(List<Hold> holds, int atLeast) {
        await("at least " + atLeast + " holds").atMost(PROGRESS).until(() -> holds.size() >= atLeast);
    }

    /** Asks the server with the "srvr" four-letter word, the one ZooKeeper allows by default. */
    private static boolean isLeader(InstanceSpec spec) {
        try (Socket socket = new Socket("127.0.0.1", spec.getPort())) {
            socket.setSoTimeout(5000);
            socket.getOutputStream().write("srvr".getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).contains("Mode: leader");
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * The server the holder's session is connected to, found from outside: the holder's node names
     * its session ({@code ephemeralOwner}), and each in-process server lists its connections, by
     * session, in JMX ({@code .../replica.<id>/.../Connections/<ip>/<session>}).
     */
    private static InstanceSpec serverOfHolder(TestingCluster cluster) throws Exception {
        String session;
        try (CuratorFramework outside = CuratorFrameworkFactory.newClient(cluster.getConnectString(), new RetryOneTime(200))) {
            outside.start();
            String holder = new InterProcessMutex(outside, QUEUE_PATH).getParticipantNodes().iterator().next();
            session = "0x" + Long.toHexString(outside.checkExists().forPath(holder).getEphemeralOwner());
        }
        MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
        for (ObjectName name : jmx.queryNames(new ObjectName("org.apache.ZooKeeperService:*"), null)) {
            if (name.getKeyPropertyList().containsValue(session)) {
                String replica = name.getKeyProperty("name1");
                long id = Long.parseLong(replica.substring(replica.indexOf('.') + 1));
                return cluster.getInstances().stream().filter(spec -> spec.getServerId() == id).findFirst().orElseThrow();
            }
        }
        throw new AssertionError("no server lists session " + session);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package dev.queuelock.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.testsupport.BackgroundAcquire;
import dev.queuelock.testsupport.LockWorkers;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.recipes.locks.InterProcessMutex;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The queue is Curator's {@link InterProcessMutex} line: its order is the recipe's (a plain
 * Curator mutex on the same znode takes its turn among our lanes), and status reads the tickets
 * from the participant nodes' bytes.
 */
class RecipeLineTest {

    private static final String QUEUE_ID = "recipe/repo";
    /** Queue "land" of {@link #QUEUE_ID} under the default chroot. */
    private static final String QUEUE_PATH = "/queuelock/recipe%2Frepo/land";

    @TempDir
    Path tmp;

    private TestingServer server;
    private CuratorFramework outside;

    @BeforeEach
    void start() throws Exception {
        server = ZooKeeperServers.standalone();
        outside = CuratorFrameworkFactory.newClient(server.getConnectString(), new RetryOneTime(200));
        outside.start();
    }

    @AfterEach
    void stop() throws Exception {
        outside.close();
        server.close();
    }

    private QueueLockFactory factory() {
        return QueueLockFactory.defaults().withTmpDir(tmp).withSettings(ZooKeeperServers.settings(server.getConnectString(), QUEUE_ID));
    }

    private int lineLength() throws Exception {
        return new InterProcessMutex(outside, QUEUE_PATH).getParticipantNodes().size();
    }

    @Test
    @Timeout(120)
    void lanesAndAPlainCuratorMutexAreServedInTheOrderTheyJoinedTheLine() throws Exception {
        List<String> served = new CopyOnWriteArrayList<>();
        QueueLock holder = factory().open("land", QUEUE_ID, "holder");
        holder.acquire(AcquireOptions.defaults().withReleaseAtExit(false));
        List<BackgroundAcquire> lanes = new ArrayList<>();
        CountDownLatch curatorServed = new CountDownLatch(1);
        Thread curator = null;
        try {
            for (String lane : List.of("a", "b", "curator", "c", "d")) {
                if (lane.equals("curator")) {
                    curator = new Thread(() -> takeWithPlainCurator(served, curatorServed), "plain curator mutex");
                    curator.start();
                } else {
                    lanes.add(new BackgroundAcquire(factory().open("land", QUEUE_ID, lane),
                            AcquireOptions.defaults().withLabel(lane).withReleaseAtExit(false)));
                }
                int joined = lanes.size() + (curator == null ? 1 : 2);
                await().atMost(LockWorkers.PATIENCE).until(() -> lineLength() == joined);
            }
            holder.release();
            // Each lane holds until the test releases it, so the plain mutex can only slip in between.
            for (BackgroundAcquire lane : lanes) {
                assertThat(lane.finishedWithin(LockWorkers.PATIENCE)).isTrue();
                assertThat(lane.failure()).isNull();
                served.add(lane.lock().lane());
                lane.lock().release();
            }
            assertThat(curatorServed.await(LockWorkers.PATIENCE.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
        } finally {
            holder.release();
            for (BackgroundAcquire lane : lanes) {
                lane.close();
            }
        }
        assertThat(served).containsExactly("a", "b", "curator", "c", "d");
        assertThat(lineLength()).isZero();
    }

    @Test
    @Timeout(120)
    void statusIsTheTicketsInTheParticipantNodesBytes() throws Exception {
        QueueLock holder = factory().open("land", QUEUE_ID, "holder");
        holder.acquire(AcquireOptions.defaults().withLabel("land holder").withReleaseAtExit(false));
        try (BackgroundAcquire first = new BackgroundAcquire(factory().open("land", QUEUE_ID, "first"),
                AcquireOptions.defaults().withLabel("land first").withReleaseAtExit(false))) {
            await().atMost(LockWorkers.PATIENCE).until(() -> lineLength() == 2);
            try (BackgroundAcquire second = new BackgroundAcquire(factory().open("land", QUEUE_ID, "second"),
                    AcquireOptions.defaults().withReleaseAtExit(false))) {
                await().atMost(LockWorkers.PATIENCE).until(() -> lineLength() == 3);

                List<JsonNode> tickets = new ArrayList<>();
                for (String node : new InterProcessMutex(outside, QUEUE_PATH).getParticipantNodes()) {
                    tickets.add(new ObjectMapper().readTree(outside.getData().forPath(node)));
                }
                assertThat(tickets).extracting(t -> t.get("lane").asText()).containsExactly("holder", "first", "second");
                assertThat(tickets).extracting(t -> t.path("held").asBoolean()).containsExactly(true, false, false);
                assertThat(tickets).allSatisfy(t -> {
                    assertThat(t.get("pid").asLong()).isEqualTo(ProcessHandle.current().pid());
                    assertThat(t.get("host").asText()).isNotEmpty();
                });

                QueueSnapshot status = factory().snapshot("land", QUEUE_ID);
                assertThat(status.location().toString()).isEqualTo(QUEUE_PATH);
                LockRecord held = status.holders().stream().findFirst().orElseThrow();
                assertThat(held.lane()).isEqualTo("holder");
                assertThat(held.label()).contains("land holder");
                assertThat(held.ts()).as("when it took the lock").isEqualTo(tickets.get(0).get("ts").asLong());
                assertThat(status.waiters()).extracting(LockRecord::lane).containsExactly("first", "second");
                assertThat(status.waiters()).extracting(LockRecord::label).containsExactly(Optional.of("land first"), Optional.empty());
                assertThat(status.waiters()).extracting(LockRecord::ts)
                        .containsExactly(tickets.get(1).get("ts").asLong(), tickets.get(2).get("ts").asLong());
            }
        } finally {
            holder.release();
        }
    }

    @Test
    @Timeout(120)
    void releaseFromAnotherThreadGivesTheWaitUpAndLeavesTheLine() throws Exception {
        QueueLock holder = factory().open("land", QUEUE_ID, "holder");
        holder.acquire(AcquireOptions.defaults().withReleaseAtExit(false));
        try (BackgroundAcquire waiter = BackgroundAcquire.start(factory().open("land", QUEUE_ID, "waiter"))) {
            await().atMost(LockWorkers.PATIENCE).until(() -> lineLength() == 2);

            waiter.lock().release(); // as a shutdown hook does

            assertThat(waiter.finishedWithin(LockWorkers.PATIENCE)).isTrue();
            assertThat(waiter.failure()).isInstanceOf(InterruptedException.class).hasMessageStartingWith("released");
            assertThat(waiter.lock().isHeld()).isFalse();
            assertThat(lineLength()).isEqualTo(1);
        } finally {
            holder.release();
        }
        assertThat(lineLength()).isZero();
    }

    private void takeWithPlainCurator(List<String> served, CountDownLatch done) {
        try (CuratorFramework client = CuratorFrameworkFactory.newClient(server.getConnectString(), new RetryOneTime(200))) {
            client.start();
            InterProcessMutex mutex = new InterProcessMutex(client, QUEUE_PATH);
            mutex.acquire();
            served.add("curator");
            mutex.release();
            done.countDown();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }
}

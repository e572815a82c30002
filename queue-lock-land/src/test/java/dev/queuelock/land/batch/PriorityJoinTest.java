package dev.queuelock.land.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.land.base.RecordedLog;
import dev.queuelock.process.ProcessStart;
import dev.queuelock.testsupport.BackgroundAcquire;
import dev.queuelock.land.base.LockFileMutex;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With checks side by side, a lander of high priority joins the train right after the lanes whose
 * checks already run with the holder's, ahead of those still waiting: the land queue's order (real
 * file queue) and the order the train takes them in are one, so the pushed order is the queue order.
 */
class PriorityJoinTest {

    private static final long PID = ProcessHandle.current().pid();
    private static final String START = ProcessStart.current();

    @TempDir
    Path tmp;

    @Test
    void aLanderOfHighPriorityIsPlacedAfterTheLanesAboardAndJoinsNext() throws Exception {
        QueueLockFactory queues = QueueLockFactory.defaults().withTmpDir(Files.createDirectory(tmp.resolve("queues")))
                .withPollInterval(Duration.ofMillis(50));
        String repo = tmp.resolve("repo").toString();
        BatchBoard board = new BatchBoard(Files.createDirectory(tmp.resolve("git")));
        QueueLock leader = queues.open("land", repo, "lane-1");
        leader.acquire(AcquireOptions.defaults());
        List<BackgroundAcquire> waiting = new ArrayList<>();
        try {
            for (String lane : List.of("lane-2", "lane-3")) {
                board.publish(request(lane));
                waiting.add(waitFor(queues.open("land", repo, lane), AcquireOptions.defaults(), queues, repo, lane));
            }
            BatchRequest self = request("lane-1");
            Gathering gathering = new Gathering(new BatchOptions(4, () -> queues.snapshot("land", repo).waiters()), 4, board,
                    new RecordedLog());
            List<BatchRequest> aboard = new ArrayList<>(List.of(self, gathering.join(self, "batch-1", List.of(self)).orElseThrow()));
            assertThat(aboard.get(1).lane).isEqualTo("lane-2");

            board.publish(request("lane-4"));
            waiting.add(waitFor(queues.open("land", repo, "lane-4"), AcquireOptions.defaults().withHighPriority(board.taken()),
                    queues, repo, "lane-4"));

            assertThat(lanes(queues.snapshot("land", repo).waiters())).containsExactly("lane-2", "lane-4", "lane-3");
            aboard.add(gathering.join(self, "batch-1", aboard).orElseThrow());
            aboard.add(gathering.join(self, "batch-1", aboard).orElseThrow());
            assertThat(aboard.stream().map(r -> r.lane)).containsExactly("lane-1", "lane-2", "lane-4", "lane-3");
        } finally {
            for (BackgroundAcquire waiter : waiting) {
                waiter.close();
            }
            leader.release();
        }
    }

    /**
     * The window between the two decisions, set up in order: lane-4 (high priority) has read that
     * lane-2 is not taken, and the leader then looks at the queue to take its next lane. lane-4 is
     * either placed and enrolled before that look (and is taken next, ahead of lane-2 for real), or
     * the leader's take waits: never lane-4 said ahead of lane-2 while lane-2 is the one taken.
     */
    @Test
    void aTakeAndAPlacementAtTheSameMomentAgreeOnWhoGoesFirst() throws Exception {
        QueueLockFactory queues = QueueLockFactory.defaults().withTmpDir(Files.createDirectory(tmp.resolve("queues")))
                .withPollInterval(Duration.ofMillis(50));
        String repo = tmp.resolve("repo").toString();
        BatchBoard board = new BatchBoard(Files.createDirectory(tmp.resolve("git")));
        QueueLock leader = queues.open("land", repo, "lane-1");
        leader.acquire(AcquireOptions.defaults());
        List<BackgroundAcquire> waiting = new ArrayList<>();
        ExecutorService leaderThread = Executors.newSingleThreadExecutor();
        try {
            for (String lane : List.of("lane-2", "lane-3")) {
                board.publish(request(lane));
                waiting.add(waitFor(queues.open("land", repo, lane), AcquireOptions.defaults(), queues, repo, lane));
            }
            BatchRequest self = request("lane-1");
            Gathering gathering = new Gathering(new BatchOptions(4, () -> queues.snapshot("land", repo).waiters()), 4, board,
                    new RecordedLog());
            board.publish(request("lane-4"));
            CountDownLatch lane4Looked = new CountDownLatch(1);
            AtomicReference<Thread> leaderTaking = new AtomicReference<>();
            CompletableFuture<Optional<BatchRequest>> take = new CompletableFuture<>();
            Predicate<LockRecord> taken = board.taken();
            Predicate<LockRecord> lookedAndHeld = waiter -> {
                boolean kept = taken.test(waiter);
                if (lane4Looked.getCount() > 0) {
                    lane4Looked.countDown();
                    // Until the leader took its lane, or waits for this placement to end.
                    await("the leader's take").atMost(Duration.ofSeconds(60))
                            .until(() -> take.isDone() || waitsForTheGuard(leaderTaking.get()));
                }
                return kept;
            };
            waiting.add(new BackgroundAcquire(queues.open("land", repo, "lane-4"),
                    AcquireOptions.defaults().withHighPriority(lookedAndHeld, board.placeGuard())));
            assertThat(lane4Looked.await(60, TimeUnit.SECONDS)).isTrue();
            leaderThread.submit(() -> {
                leaderTaking.set(Thread.currentThread());
                take.complete(gathering.join(self, "batch-1", List.of(self)));
            });
            await("lane-4 to queue").atMost(Duration.ofSeconds(60))
                    .until(() -> lanes(queues.snapshot("land", repo).waiters()).contains("lane-4"));
            String joined = take.get(60, TimeUnit.SECONDS).orElseThrow().lane;

            List<String> line = lanes(queues.snapshot("land", repo).waiters());
            assertThat(joined).as("the lane taken is the first in line (%s)", line).isEqualTo(line.get(0));
            assertThat(line).containsExactly("lane-4", "lane-2", "lane-3");
        } finally {
            leaderThread.shutdownNow();
            for (BackgroundAcquire waiter : waiting) {
                waiter.close();
            }
            leader.release();
        }
    }

    /** Whether the thread waits to hold the board's guard (on its monitor in this JVM). */
    private static boolean waitsForTheGuard(Thread thread) {
        return thread != null && thread.getState() == Thread.State.BLOCKED
                && Arrays.stream(thread.getStackTrace()).anyMatch(f -> f.getClassName().equals(LockFileMutex.class.getName()));
    }

    private static BackgroundAcquire waitFor(QueueLock lock, AcquireOptions options, QueueLockFactory queues, String repo, String lane) {
        BackgroundAcquire acquire = new BackgroundAcquire(lock, options);
        await(lane + " to queue").atMost(Duration.ofSeconds(60))
                .until(() -> lanes(queues.snapshot("land", repo).waiters()).contains(lane));
        return acquire;
    }

    private static List<String> lanes(List<LockRecord> records) {
        return records.stream().map(LockRecord::lane).collect(Collectors.toList());
    }

    private static BatchRequest request(String lane) {
        return new BatchRequest(PID, START, lane, "lane/" + lane, "c0ffee", "/work/" + lane, System.currentTimeMillis());
    }
}

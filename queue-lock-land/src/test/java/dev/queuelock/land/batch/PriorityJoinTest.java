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
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
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

package dev.queuelock.land.batch;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A repository with lanes and a land queue the test holds, so landers queue behind it in a known
 * order before any lands: the scene of the batching and side-by-side landing tests.
 */
final class LandingScene {

    private final GitFixture repo;
    private final QueueLockFactory locks;
    private QueueLock gate;

    LandingScene(GitFixture repo, QueueLockFactory locks) {
        this.repo = repo;
        this.locks = locks;
    }

    /** Lanes lane-1 … lane-count, in that order. */
    Map<String, Path> lanes(int count) {
        Map<String, Path> lanes = new LinkedHashMap<>();
        for (int i = 1; i <= count; i++) {
            lanes.put("lane-" + i, repo.lane("lane-" + i));
        }
        return lanes;
    }

    /** Takes the land queue, so landers started now wait behind the test. */
    void holdLandQueue() throws InterruptedException {
        gate = locks.open("land", repo.main);
        gate.acquire(AcquireOptions.defaults().withLabel("test gate"));
    }

    /** The lanes in the order they queued. */
    List<String> waiterOrder() {
        return locks.snapshot("land", repo.main).waiters().stream().map(LockRecord::lane).collect(Collectors.toList());
    }

    /** Lets the queued landers go; the order they queued in. */
    List<String> releaseGate() {
        List<String> order = waiterOrder();
        gate.release();
        return order;
    }

    /** The remote's log, newest first, once these lanes landed in this order on the initial commit. */
    static List<String> expectedLog(List<String> order) {
        List<String> log = new ArrayList<>();
        for (int i = order.size() - 1; i >= 0; i--) {
            log.add("change of " + order.get(i));
        }
        log.add("initial");
        return log;
    }
}

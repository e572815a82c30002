package dev.queuelock.land.lanes;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.land.history.InFlightLanding;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Lanes that a live record of ours names, whichever process wrote it and wherever that process
 * works: a build holding or waiting for the build lock (mvnd's daemon builds a lane from its own
 * directory), a lander holding or waiting for the land lock, a landing under way
 * ({@link InFlightLanding}), a lander's batch request (handed in). Every record names its lane by the
 * worktree's directory name. The queues list only live records (the lock's own rule,
 * {@code Liveness}); notes and requests are judged alive by their {@code ProcessId}.
 */
public final class LaneRecords {

    private final Map<String, String> byLane;
    private final String unknownBecause;

    private LaneRecords(Map<String, String> byLane, String unknownBecause) {
        this.byLane = Map.copyOf(byLane);
        this.unknownBecause = unknownBecause;
    }

    /**
     * @param commonDir the repository's git common dir (its landing notes and batch board)
     * @param queues    the queues as one look saw them, by the name a user knows them by ({@code build}, {@code land})
     * @param offered   what else names a lane as worked in, by lane: the batch board's live requests
     *                  (the batch package's {@code BatchBoard#liveOffers}; it builds on lanes, not lanes on it)
     */
    public static LaneRecords read(Path commonDir, Map<String, QueueSnapshot> queues, Map<String, String> offered) {
        Map<String, String> byLane = new LinkedHashMap<>();
        queues.forEach((name, queue) -> {
            for (LockRecord holder : queue.holders()) {
                byLane.putIfAbsent(holder.lane(), name + " lock held by " + holder.describe());
            }
            for (LockRecord waiter : queue.waiters()) {
                byLane.putIfAbsent(waiter.lane(), "waiting for the " + name + " lock: " + waiter.describe());
            }
        });
        InFlightLanding.underWay(RepoContext.stateDir(commonDir)).forEach(byLane::putIfAbsent);
        offered.forEach(byLane::putIfAbsent);
        return new LaneRecords(byLane, null);
    }

    /** @param reason why the records cannot be read; every lane then counts as in use */
    public static LaneRecords unknown(String reason) {
        return new LaneRecords(Map.of(), reason);
    }

    /** What names this lane as worked in, e.g. {@code build lock held by lane shop-lane-2 (verify), pid 4242}. */
    Optional<String> naming(Lane lane) {
        return Optional.ofNullable(byLane.get(lane.path().getFileName().toString()));
    }

    /** Why the records could not be read; empty when they were. */
    Optional<String> unknownBecause() {
        return Optional.ofNullable(unknownBecause);
    }
}

package dev.queuelock.land.batch;

import dev.queuelock.LockRecord;
import dev.queuelock.land.base.LandLog;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The new holder of the land queue taking the waiters behind it into its batch: in queue order,
 * only those that offered their lane, stopping at the first that did not (no lane overtakes
 * another), up to the batch size.
 *
 * <p>Landers started together reach the queue some hundred milliseconds apart (JVM start, the
 * preflight's git calls). Taken at once, the first would land alone and the rest in a second
 * batch: two check builds where one would do. So a lander that got the queue right after it
 * queued first waits while others are still arriving: until the batch is full, nobody new has
 * come for {@link #QUIET}, or {@link #MOST} has passed. A lander that waited for its turn does not
 * gather: whoever came meanwhile has queued behind it already. Lane by lane, a lander that queues
 * while the batch's checks run still joins it ({@link #join}), while the batch has room.
 */
final class Gathering {

    /**
     * Gathering ends when no new lander has turned up for this long, or for twice the longest gap
     * between two arrivals so far, if longer: on a busy machine landers started together arrive
     * further apart, and the window follows them.
     */
    static final Duration QUIET = Duration.ofMillis(750);
    /** Gathering never takes longer than this. */
    static final Duration MOST = Duration.ofSeconds(5);

    private static final long POLL_MILLIS = 50;

    /** The wall clock gathering reads and sleeps on; a test gives its own, so arrivals come when it says. */
    interface Clock {
        Clock SYSTEM = new Clock() {
            @Override
            public long millis() {
                return System.currentTimeMillis();
            }

            @Override
            public void sleep(long millis) throws InterruptedException {
                Thread.sleep(millis);
            }
        };

        long millis();

        void sleep(long millis) throws InterruptedException;
    }

    private final BatchOptions options;
    private final int window;
    private final BatchBoard board;
    private final LandLog log;
    private final Clock clock;

    /** @param window the most lanes in this batch, the leader's own included ({@link BatchWindow}) */
    Gathering(BatchOptions options, int window, BatchBoard board, LandLog log) {
        this(options, window, board, log, Clock.SYSTEM);
    }

    Gathering(BatchOptions options, int window, BatchBoard board, LandLog log, Clock clock) {
        this.options = options;
        this.window = window;
        this.board = board;
        this.log = log;
        this.clock = clock;
    }

    /** Takes up to window − 1 live waiters with a request, in queue order, and tells them they are taken by batch {@code id}. */
    List<BatchRequest> take(BatchRequest self, String id) throws InterruptedException {
        gather(self);
        return takeNow(self, id, List.of(), window - 1);
    }

    /**
     * Takes the next live waiter behind the lanes {@code aboard} (the leader's and those it took),
     * if the batch has room: one that queued while the batch's checks run. Empty if none may join.
     */
    Optional<BatchRequest> join(BatchRequest self, String id, List<BatchRequest> aboard) {
        if (aboard.size() >= window) {
            return Optional.empty();
        }
        return takeNow(self, id, aboard, 1).stream().findFirst();
    }

    /**
     * Takes up to {@code room} waiters behind {@code aboard}: the look at the queue and the verdicts
     * under the board's guard, so a lander of high priority is placed before the look or after the
     * verdicts, never between: the queue's order and the order taken agree.
     */
    private List<BatchRequest> takeNow(BatchRequest self, String id, List<BatchRequest> aboard, int room) {
        try {
            return board.whileTaking(() -> mark(takeable(self, aboard, room), self, id));
        } catch (IOException e) {
            log.warn("could not take the waiting lanes into the batch (" + e.getMessage() + "); they land later");
            return List.of();
        }
    }

    /** Tells each request, in order, it is taken by batch {@code id}; the ones told. */
    private List<BatchRequest> mark(List<BatchRequest> requests, BatchRequest self, String id) {
        List<BatchRequest> taken = new ArrayList<>();
        for (BatchRequest request : requests) {
            try {
                board.answer(BatchVerdict.taken(request, id, self.lane));
                taken.add(request);
            } catch (IOException e) {
                log.warn("could not take " + request.lane + " into the batch (" + e.getMessage() + "); it lands later");
                break;
            }
        }
        return taken;
    }

    private void gather(BatchRequest self) throws InterruptedException {
        long start = clock.millis();
        if (start - self.ts > MOST.toMillis()) {
            return;
        }
        Set<String> seen = arrivals(self);
        long quiet = QUIET.toMillis();
        long lastArrival = self.ts;
        long quietUntil = start + quiet;
        long deadline = self.ts + MOST.toMillis();
        while (takeable(self, List.of(), window - 1).size() < window - 1) {
            long now = clock.millis();
            if (now >= quietUntil || now >= deadline) {
                break;
            }
            clock.sleep(Math.min(POLL_MILLIS, Math.min(quietUntil, deadline) - now));
            Set<String> current = arrivals(self);
            if (!current.equals(seen)) {
                seen = current;
                now = clock.millis();
                quiet = Math.max(quiet, 2 * (now - lastArrival));
                lastArrival = now;
                quietUntil = now + quiet;
            }
        }
    }

    /** Up to {@code room} waiters this lander may take now, in queue order, past the ones {@code aboard} its batch already. */
    private List<BatchRequest> takeable(BatchRequest self, List<BatchRequest> aboard, int room) {
        List<BatchRequest> takeable = new ArrayList<>();
        for (LockRecord waiter : options.landWaiters()) {
            if (takeable.size() >= room) {
                break;
            }
            if (aboard.stream().anyMatch(member -> member.belongsTo(waiter))) {
                continue;
            }
            var request = board.request(waiter.lane()).filter(r -> r.belongsTo(waiter) && r.isAlive());
            if (request.isEmpty() || request.get().lane.equals(self.lane)) {
                break; // FIFO: a lane that cannot be batched is not overtaken by the ones behind it
            }
            takeable.add(request.get());
        }
        return takeable;
    }

    /** Who else is coming: lanes that offered themselves or queued for landing. */
    private Set<String> arrivals(BatchRequest self) {
        Set<String> lanes = new HashSet<>();
        board.requests().forEach(r -> lanes.add(r.lane + "@" + r.pid));
        options.landWaiters().forEach(w -> lanes.add(w.lane() + "#" + w.pid()));
        lanes.remove(self.lane + "@" + self.pid);
        return lanes;
    }
}

package dev.queuelock.land.batch;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.PlaceGuard;
import dev.queuelock.land.base.LandResult;
import dev.queuelock.land.engine.Landing;
import dev.queuelock.land.engine.LandingEngine;
import dev.queuelock.land.engine.LandingMode;
import dev.queuelock.land.engine.LandingResults;
import dev.queuelock.land.history.LandHistory;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Landing in batches: while it waits, a lander offers its lane to the holder of the land queue;
 * once it holds the queue itself, it takes the offered lanes queued behind it along (up to
 * {@link BatchOptions#size()}), and lands them with its own as one batch. With size 1 it lands
 * alone, as {@link LandingMode#ALONE}.
 */
public final class Batching implements LandingMode {

    private final BatchOptions options;

    public Batching(BatchOptions options) {
        this.options = options;
    }

    /** Lanes taken into the holder's batch (their checks run, or are to run, with its): a lander of high priority lets them be. */
    @Override
    public Predicate<LockRecord> keptAhead(Landing landing) {
        return new BatchBoard(landing.repo().commonDir()).taken();
    }

    /** The batch board's guard: its leader takes lanes into its batch under it. */
    @Override
    public PlaceGuard placeGuard(Landing landing) {
        return new BatchBoard(landing.repo().commonDir()).placeGuard();
    }

    @Override
    public LandQueueHold await(Landing landing, AcquireOptions acquire) throws InterruptedException {
        BatchSeat seat = BatchSeat.open(options, landing);
        try {
            Optional<BatchVerdict> verdict = seat.acquire(landing.landLock(), acquire);
            return new BatchHold(landing, seat, verdict);
        } catch (InterruptedException | RuntimeException e) {
            seat.close();
            throw e;
        }
    }

    private final class BatchHold implements LandQueueHold {
        private final Landing landing;
        private final BatchSeat seat;
        private final Optional<BatchVerdict> verdict;

        BatchHold(Landing landing, BatchSeat seat, Optional<BatchVerdict> verdict) {
            this.landing = landing;
            this.seat = seat;
            this.verdict = verdict;
        }

        /** A batch leader landed (or refused) this lane, and recorded it. */
        @Override
        public Optional<LandResult> concluded() {
            return verdict.map(v -> seat.conclude(v, landing));
        }

        /** Lands the lanes taken from behind this one with it, as one batch; alone if none was taken. */
        @Override
        public LandingResults land(LandingEngine engine) throws InterruptedException {
            if (!options.enabled()) {
                return engine.alone();
            }
            String id = System.currentTimeMillis() + "-" + ProcessHandle.current().pid();
            // How many at once is decided now, as this lander leads: it may have waited minutes, and the machine changed.
            ChecksAtOnce.Decision atLead = options.parallel().decide();
            if (options.parallel().mayRunSeveral()) {
                landing.log().info(atLead.line("as this lander leads"));
            }
            int window = options.perLane() ? Math.max(options.size(), atLead.count())
                    : BatchWindow.size(new LandHistory(landing.repo().commonDir()).read(), options.size());
            if (window < options.size()) {
                landing.log().info("batch window: " + window + " of at most " + options.size()
                        + " lanes (recent batches failed their checks; it grows by one with each landing that passes)");
            }
            Gathering gathering = new Gathering(options, window, new BatchBoard(landing.repo().commonDir()), landing.log());
            List<BatchRequest> taken = gathering.take(seat.request(), id);
            // Lane by lane with several checks at once, landers that queue while this one's check runs join it.
            boolean rolling = options.perLane() && atLead.count() > 1;
            return taken.isEmpty() && !rolling ? engine.alone()
                    : new BatchLanding(landing, seat, taken, id, options, atLead, gathering).land(engine);
        }

        @Override
        public void close() {
            seat.close();
        }
    }
}

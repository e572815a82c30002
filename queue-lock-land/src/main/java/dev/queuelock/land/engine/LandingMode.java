package dev.queuelock.land.engine;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.PlaceGuard;
import dev.queuelock.land.base.LandResult;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * How a lander comes to hold the land queue and what it lands once it holds it: its lane alone
 * ({@link #ALONE}), or, with batching (the batch package's {@code Batching}), the lanes queued behind it too
 * (or none of its own, when a batch leader ahead of it landed its lane).
 */
public interface LandingMode {

    /** Waits for the land queue, taken with these options, for this landing. */
    LandQueueHold await(Landing landing, AcquireOptions options) throws InterruptedException;

    /**
     * The waiters a lander of high priority lets keep their place ahead of it: those whose checks
     * already run with the holder's (none, lane by lane).
     */
    default Predicate<LockRecord> keptAhead(Landing landing) {
        return waiter -> false;
    }

    /**
     * Held while a lander of high priority is placed, and by whoever changes who {@link #keptAhead}
     * keeps ahead, so the two agree (none needed lane by lane: nobody is kept ahead).
     */
    default PlaceGuard placeGuard(Landing landing) {
        return PlaceGuard.NONE;
    }

    /** What waiting gave a lander: its hold on the land queue (or a batch leader's verdict on its lane); closed when the landing is over, before the land queue is released. */
    interface LandQueueHold extends AutoCloseable {

        /** How this lane's landing ended, if another lander landed (or refused) it and recorded it; empty if this lander holds the land queue. */
        default Optional<LandResult> concluded() {
            return Optional.empty();
        }

        /**
         * Holding the land queue: lands with the engine (this lane alone, or a batch with it) and
         * returns how it ended for every lane it decided, every other lane answered already.
         */
        default LandingResults land(LandingEngine engine) throws InterruptedException {
            return engine.alone();
        }

        @Override
        default void close() {
        }
    }

    /** Lane by lane: wait for the land queue, then land this lane on its own. */
    LandingMode ALONE = (landing, options) -> {
        landing.landLock().acquire(options);
        return new LandQueueHold() { };
    };
}

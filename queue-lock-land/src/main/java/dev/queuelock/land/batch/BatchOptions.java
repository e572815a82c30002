package dev.queuelock.land.batch;

import dev.queuelock.LockRecord;
import dev.queuelock.config.Setting;
import dev.queuelock.config.SettingGroup;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

/**
 * How many lanes one landing may take along ({@link #BATCH}; 1 lands lane by lane, as
 * without batching), and where to see who waits behind it.
 */
public final class BatchOptions {

    /** This class's settings, in the order the docs list them (declared first: the settings below join it). */
    public static final SettingGroup SETTINGS = new SettingGroup();

    public static final Setting<Integer> BATCH = SETTINGS.add(Setting.number("queuelock.land.batch", 1, 1, "land",
            "The most lanes landed together, the lander's own included: it takes up to batch - 1 of the batching "
                    + "landers queued behind it, checks and pushes them once, and bisects a failure; 1 lands lane by lane.").formerly("queuelock.batch"));

    /** How often a waiter looks for a verdict and at its leader's liveness. */
    public static final Duration VERDICT_POLL = Duration.ofMillis(100);

    private final int size;
    private final Supplier<List<LockRecord>> landWaiters;

    /**
     * @param size        the most lanes in one batch, the holder's own included; 1 = no batching
     * @param landWaiters the live waiters of the land queue in queue order, e.g.
     *                    {@code () -> factory.snapshot("land", dir).waiters()}
     */
    public BatchOptions(int size, Supplier<List<LockRecord>> landWaiters) {
        if (size < 1) {
            throw new IllegalArgumentException(BATCH.name() + " must be 1 or more: " + size);
        }
        this.size = size;
        this.landWaiters = landWaiters;
    }

    public static BatchOptions none() {
        return new BatchOptions(1, List::of);
    }

    public int size() {
        return size;
    }

    public boolean enabled() {
        return size > 1;
    }

    List<LockRecord> landWaiters() {
        return landWaiters.get();
    }
}

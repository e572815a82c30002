package dev.queuelock.land.batch;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueLock;
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

    public static final Setting<String> PARALLEL = SETTINGS.add(Setting.numberOr("queuelock.land.parallel", 1, "auto", 1, "land",
            "How many land checks run at once: the holder of the land queue checks the lanes queued behind it on top of "
                    + "the ones ahead (A; A+B; A+B+C), each check build in a build slot of its own, and pushes in queue order; "
                    + "lane by lane, a lander that queues while they run joins them on a free slot at once. 1 checks one at a time, auto as many as the build queue has slots (queuelock.build.slots), decided when "
                    + "the lander leads and again before each round of checks. Each check "
                    + "costs a slot, a worktree and a check build; a failure ahead costs the checks behind it, rerun without it."));

    /** How often a waiter looks for a verdict and at its leader's liveness. */
    public static final Duration VERDICT_POLL = Duration.ofMillis(100);

    private final int size;
    private final ChecksAtOnce parallel;
    private final Supplier<List<LockRecord>> landWaiters;
    private final Supplier<QueueLock> buildSlots;

    /**
     * @param size        the most lanes in one batch, the holder's own included; 1 = no batching
     * @param landWaiters the live waiters of the land queue in queue order, e.g.
     *                    {@code () -> factory.snapshot("land", dir).waiters()}
     */
    public BatchOptions(int size, Supplier<List<LockRecord>> landWaiters) {
        this(size, ChecksAtOnce.ONE, landWaiters, () -> {
            throw new IllegalStateException("no build slots for checks side by side");
        });
    }

    /**
     * @param parallel   how many checks run at once, decided as the lander leads and before each round
     * @param buildSlots a fresh lock of the build queue, for each check beside the first
     */
    public BatchOptions(int size, ChecksAtOnce parallel, Supplier<List<LockRecord>> landWaiters, Supplier<QueueLock> buildSlots) {
        if (size < 1) {
            throw new IllegalArgumentException(BATCH.name() + " must be 1 or more: " + size);
        }
        this.size = size;
        this.parallel = parallel;
        this.landWaiters = landWaiters;
        this.buildSlots = buildSlots;
    }

    public static BatchOptions none() {
        return new BatchOptions(1, List::of);
    }

    public int size() {
        return size;
    }

    /** How many checks run at once: asked as the lander leads and before each round. */
    ChecksAtOnce parallel() {
        return parallel;
    }

    /**
     * Whether the holder takes lanes along: to land them together, or to check them side by side.
     * A waiter offers its lane whenever more than one check may run at once: how many do is
     * decided by whoever leads, when it leads.
     */
    public boolean enabled() {
        return size > 1 || parallel.mayRunSeveral();
    }

    /** Lane by lane: each lane is checked on its own prefix (no batch asked for). */
    public boolean perLane() {
        return size == 1;
    }

    /** A fresh lock of the build queue: a speculative check's own slot. */
    Supplier<QueueLock> buildSlots() {
        return buildSlots;
    }

    List<LockRecord> landWaiters() {
        return landWaiters.get();
    }
}

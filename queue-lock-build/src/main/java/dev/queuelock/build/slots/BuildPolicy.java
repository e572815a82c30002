package dev.queuelock.build.slots;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.spi.Queue;
import dev.queuelock.spi.QueuePolicy;
import dev.queuelock.spi.SlotCount;
import dev.queuelock.spi.UsualHold;
import java.util.Optional;
import java.util.Properties;

/**
 * What a build hands the lock: {@code auto} slots decided from the machine and the builds'
 * recorded usage ({@link SlotCounts}), and long holds judged by each queue's recorded holds of the
 * same kind ({@link UsualHolds}). Also a service, so the lock's CLI finds it where this module is
 * on its class path.
 */
public final class BuildPolicy implements QueuePolicy {

    /** The one instance the build's factories are handed. */
    public static final BuildPolicy INSTANCE = new BuildPolicy();

    /** For the service loader; use {@link #INSTANCE}. */
    public BuildPolicy() {
    }

    /** {@link QueueLockFactory#fromProperties} with the build's policy: what the extension and the goals open queues with. */
    public static QueueLockFactory factory(Properties userProperties) {
        return on(QueueLockFactory.fromProperties(userProperties));
    }

    public static QueueLockFactory on(QueueLockFactory factory) {
        return factory.withPolicy(INSTANCE);
    }

    @Override
    public SlotCount slotsOf(String value, Queue queue) {
        return SlotCounts.of(value, queue.usageHistory());
    }

    @Override
    public boolean decidesAuto() {
        return true;
    }

    @Override
    public Optional<UsualHold> usualOf(Queue queue, String label) {
        return new UsualHolds(queue.usageHistory()).withKindOf(label);
    }
}

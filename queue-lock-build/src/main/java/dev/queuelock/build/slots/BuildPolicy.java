package dev.queuelock.build.slots;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.config.LockSettings;
import dev.queuelock.spi.Queue;
import dev.queuelock.spi.QueuePolicy;
import dev.queuelock.spi.SlotCount;
import dev.queuelock.UsualHold;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/**
 * What a build hands the lock: the build queue's slots from the text of {@code queuelock.build.slots}
 * as its one parser reads it ({@link LockSettings#SLOTS}), {@code auto} decided from the machine and
 * the builds' recorded usage ({@link AutoSlots}); and long holds judged by each queue's recorded
 * holds of the same kind ({@link UsualHolds}). Also a service, so the lock's CLI finds it where
 * this module is on its class path. One class for both: every build session loads it.
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

    /**
     * A whole number of 1 or more (a fixed count) or {@code auto} in any case (decided from the
     * machine and the {@link UsageHistory} in {@code history}); surrounding blanks are ignored, and
     * no text at all is the default, 1.
     *
     * @param history the build queue's usage history file ({@code Queue#usageHistory()})
     * @throws IllegalArgumentException with one line naming the setting and the value given
     */
    public static SlotCount parse(String text, Path history) {
        return slotsOf(LockSettings.SLOTS.parse(text), history);
    }

    /** For a value the setting's parser returned: {@code auto} or digits. */
    static SlotCount slotsOf(String value, Path history) {
        return value.equals(AUTO) ? new AutoSlots(new UsageHistory(history)) : SlotCount.fixed(Integer.parseInt(value));
    }

    @Override
    public SlotCount slotsOf(String value, Queue queue) {
        return slotsOf(value, queue.usageHistory());
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

package dev.queuelock.build.slots;

import dev.queuelock.config.LockSettings;
import dev.queuelock.spi.SlotCount;
import dev.queuelock.spi.QueuePolicy;
import java.nio.file.Path;

/**
 * The build queue's slots from the text of {@code queuelock.build.slots}, as its one parser reads it
 * ({@link LockSettings#SLOTS}), {@code auto} decided from the machine and the builds' recorded usage
 * ({@link AutoSlots}).
 */
public final class SlotCounts {

    /** The word that asks for {@link AutoSlots}. */
    public static final String AUTO = QueuePolicy.AUTO;

    private SlotCounts() {
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
        return of(LockSettings.SLOTS.parse(text), history);
    }

    /** For a value the setting's parser returned: {@code auto} or digits. */
    public static SlotCount of(String value, Path history) {
        return value.equals(AUTO) ? (SlotCount) new AutoSlots(new UsageHistory(history)) : SlotCount.fixed(Integer.parseInt(value));
    }
}

package dev.queuelock.slots;

import java.nio.file.Path;

/** The build queue's {@code queuelock.build.slots}, as a {@link SlotCount}: a number, or {@code auto}. */
public final class SlotCounts {

    private SlotCounts() {
    }

    /**
     * @param value    {@code auto} or the digits of a number of 1 or more, as the setting's parser returns them
     * @param queueDir the build queue's directory, where {@code auto} keeps its builds' usage
     */
    public static SlotCount of(String value, Path queueDir) {
        return value.equals("auto") ? AutoSlots.of(new UsageHistory(queueDir)) : SlotCount.fixed(Integer.parseInt(value));
    }
}

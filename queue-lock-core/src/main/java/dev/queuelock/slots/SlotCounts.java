package dev.queuelock.slots;

import java.nio.file.Path;
import java.util.Locale;

/** The build queue's slots from the text of {@code queuelock.build.slots}. */
public final class SlotCounts {

    /** The setting's name, as its refusal names it. */
    public static final String SETTING = "queuelock.build.slots";
    /** The word that asks for {@link AutoSlots}. */
    public static final String AUTO = "auto";

    private SlotCounts() {
    }

    /**
     * A whole number of 1 or more (a fixed count) or {@code auto} in any case (decided from the
     * machine and the {@link UsageHistory} in {@code history}); surrounding blanks are ignored.
     *
     * @param history the build queue's usage history file ({@code Queue#usageHistory()})
     * @throws IllegalArgumentException with one line naming the setting and the value given
     */
    public static SlotCount parse(String text, Path history) {
        String value = text == null ? "" : text.trim();
        if (value.toLowerCase(Locale.ROOT).equals(AUTO)) {
            return new AutoSlots(new UsageHistory(history));
        }
        if (isWholeNumber(value)) {
            int slots = Integer.parseInt(value);
            if (slots >= 1) {
                return SlotCount.fixed(slots);
            }
        }
        throw new IllegalArgumentException(SETTING + ": expected a whole number of 1 or more, or auto; got '"
                + (text == null ? "" : text) + "'");
    }

    /** {@link #parse}, for a value the setting's own parser has checked already: {@code auto} or digits. */
    public static SlotCount of(String value, Path history) {
        return parse(value, history);
    }

    /** 1 to 9 ASCII digits (so it fits an int); no sign, no blanks. No lambda: this runs in every session. */
    private static boolean isWholeNumber(String text) {
        if (text.isEmpty() || text.length() > 9) {
            return false;
        }
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < '0' || text.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}

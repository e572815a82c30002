package dev.queuelock.build.slots;

import dev.queuelock.json.JsonReader;
import java.math.BigDecimal;
import java.util.Map;

/**
 * A line of the {@link UsageHistory} read back into its build, as {@link UsageHistory#line} wrote it
 * (or an older version did). Apart from the history's writing, which every session does: a session
 * loads this (and the JSON reader) only where it reads the history ({@code auto}, a waiter judging a
 * long hold, the watch, a cut of the file).
 */
final class UsageLineReader {

    private UsageLineReader() {
    }

    /** A line's build, or null if it is not a whole, sane record with its times (a record may lack a figure {@code auto} uses). */
    static BuildUsage parse(String line) {
        try {
            Object value = JsonReader.parse(line.trim());
            if (!(value instanceof Map)) {
                return null;
            }
            Map<?, ?> record = (Map<?, ?>) value;
            Object source = record.get("source");
            BuildUsage build = new BuildUsage(number(record, "start"), number(record, "wallMs"), number(record, "cpuMs"),
                    number(record, "peakBytes"), source instanceof String && isName((String) source)
                            ? (String) source : "unknown", load(record));
            Object lane = record.get("lane");
            build = build.heldBy(lane instanceof String && ((String) lane).length() <= UsageHistory.MAX_LANE ? (String) lane : null,
                    optional(record, "pid", 0), optional(record, "waitMs", -1));
            Object kind = record.get("kind");
            build = build.ofKind(kind instanceof String && ((String) kind).length() <= UsageHistory.MAX_LANE ? (String) kind : null);
            return build.timed() ? build : null;
        } catch (IllegalArgumentException | ArithmeticException e) {
            return null;
        }
    }

    /** What a source may be called, as it is written back as it is read: 1 to 16 lower-case letters. No lambda: every acquire reads this. */
    private static boolean isName(String source) {
        return !source.isEmpty() && source.length() <= 16 && UsageHistory.allBetween(source, 'a', 'z');
    }

    /** The optional load average (older lines have none): -1 if absent or not a sane number. */
    private static double load(Map<?, ?> record) {
        Object value = record.get("load");
        if (!(value instanceof BigDecimal)) {
            return -1;
        }
        double load = ((BigDecimal) value).doubleValue();
        return load >= 0 && load < 1e6 ? load : -1;
    }

    /** An optional whole number that is not negative (older lines have none), else {@code absent}. */
    private static long optional(Map<?, ?> record, String key, long absent) {
        Object value = record.get(key);
        if (!(value instanceof BigDecimal)) {
            return absent;
        }
        try {
            long number = ((BigDecimal) value).longValueExact();
            return number >= 0 ? number : absent;
        } catch (ArithmeticException e) {
            return absent;
        }
    }

    private static long number(Map<?, ?> record, String key) {
        Object value = record.get(key);
        if (!(value instanceof BigDecimal)) {
            throw new IllegalArgumentException(key + " is not a number");
        }
        return ((BigDecimal) value).longValueExact();
    }
}

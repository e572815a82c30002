package dev.queuelock;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as people type and read them: {@code 5m}, {@code 1m30s}, {@code 200ms}; shown as {@code 1m 05s}. */
public final class Durations {

    private static final Pattern PART = Pattern.compile("(\\d{1,9})(ms|s|m|h)");

    private Durations() {
    }

    /**
     * Parses one or more {@code <number><unit>} parts (units ms, s, m, h), e.g. {@code 90s},
     * {@code 1m30s}; a bare number is seconds.
     *
     * @param option what is being parsed (an option or variable name), for the message
     * @throws IllegalArgumentException with a one-line message if the text is no such duration or is zero
     */
    public static Duration parse(String option, String text) {
        String s = text.trim();
        if (s.matches("\\d{1,9}")) {
            s = s + "s";
        }
        Matcher m = PART.matcher(s);
        Duration total = Duration.ZERO;
        int end = 0;
        while (m.lookingAt()) {
            total = total.plus(unit(Long.parseLong(m.group(1)), m.group(2)));
            end = m.end();
            m.region(end, s.length());
        }
        if (s.isEmpty() || end != s.length()) {
            throw new IllegalArgumentException(option + ": not a duration: '" + text + "' (use e.g. 200ms, 30s, 5m, 1h)");
        }
        if (total.isZero()) {
            throw new IllegalArgumentException(option + ": must be more than zero: '" + text + "'");
        }
        return total;
    }

    /** {@code 340ms}, {@code 12s}, {@code 1m 05s}, {@code 2h 03m 09s}: short, fixed-width-ish, no rounding up. */
    public static String format(Duration d) {
        long millis = Math.max(0, d.toMillis());
        if (millis < 1000) {
            return millis + "ms";
        }
        long seconds = millis / 1000;
        if (seconds < 60) {
            return seconds + "s";
        }
        long minutes = seconds / 60;
        if (minutes < 60) {
            return String.format("%dm %02ds", minutes, seconds % 60);
        }
        return String.format("%dh %02dm %02ds", minutes / 60, minutes % 60, seconds % 60);
    }

    public static String format(long millis) {
        return format(Duration.ofMillis(millis));
    }

    private static Duration unit(long n, String unit) {
        switch (unit) {
            case "ms":
                return Duration.ofMillis(n);
            case "s":
                return Duration.ofSeconds(n);
            case "m":
                return Duration.ofMinutes(n);
            default:
                return Duration.ofHours(n);
        }
    }
}

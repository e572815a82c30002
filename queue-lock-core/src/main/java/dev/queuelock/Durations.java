package dev.queuelock;

import java.time.Duration;

/** Durations for people: {@code 850ms}, {@code 12.3s}, {@code 4m 05s}, {@code 2h 10m}. */
public final class Durations {

    private Durations() {
    }

    public static String format(Duration duration) {
        return format(duration.toMillis());
    }

    public static String format(long millis) {
        if (millis < 1000) {
            return Math.max(0, millis) + "ms";
        }
        if (millis < 60_000) {
            return String.format("%.1fs", millis / 1000.0);
        }
        long seconds = millis / 1000;
        if (seconds < 3600) {
            return String.format("%dm %02ds", seconds / 60, seconds % 60);
        }
        return String.format("%dh %02dm", seconds / 3600, seconds % 3600 / 60);
    }
}

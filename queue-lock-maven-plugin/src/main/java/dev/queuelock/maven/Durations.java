package dev.queuelock.maven;

import java.time.Duration;

/** Short human durations for log lines: "850 ms", "4.2 s", "3m 07s", "1h 02m". */
public final class Durations {

    private Durations() {
    }

    public static String format(Duration d) {
        long ms = Math.max(0, d.toMillis());
        if (ms < 1_000) {
            return ms + " ms";
        }
        if (ms < 60_000) {
            return String.format("%.1f s", ms / 1000.0);
        }
        long s = ms / 1000;
        if (s < 3600) {
            return String.format("%dm %02ds", s / 60, s % 60);
        }
        return String.format("%dh %02dm", s / 3600, (s % 3600) / 60);
    }
}

package dev.queuelock.land;

import dev.queuelock.Durations;
import java.util.ArrayList;
import java.util.List;

/**
 * The landing history as a per-phase bar chart in plain text (no colour, so it reads the same in
 * a terminal, in {@code -B} output and in a CI log). One row per run, newest last, bars scaled to
 * the longest run.
 */
public final class HistoryChart {

    private final int width;

    public HistoryChart(int width) {
        this.width = width;
    }

    public List<String> render(List<LandRun> runs) {
        List<String> lines = new ArrayList<>();
        if (runs.isEmpty()) {
            lines.add("no landings recorded yet");
            return lines;
        }
        long longest = runs.stream().mapToLong(r -> r.totalMs).max().orElse(1);
        int laneWidth = Math.min(24, runs.stream().mapToInt(r -> label(r).length()).max().orElse(4));
        lines.add(legend());
        for (LandRun run : runs) {
            String time = run.time == null || run.time.length() < 19 ? "?" : run.time.substring(11, 19);
            lines.add(String.format("%s %-" + laneWidth + "s %-15s %8s |%s", time, clip(label(run), laneWidth),
                    run.outcome, Durations.format(run.totalMs), bar(run, longest)));
        }
        LandStats stats = new LandStats(runs);
        lines.add("p50 queue wait " + stats.medianQueueWait().map(d -> Durations.format(d.toMillis())).orElse("-")
                + ", p50 landing " + stats.medianHold().map(d -> Durations.format(d.toMillis())).orElse("-")
                + ", " + stats.landingsPerHour().map(r -> String.format("%.1f", r)).orElse("-") + " landings/hour");
        return lines;
    }

    private String bar(LandRun run, long longest) {
        StringBuilder bar = new StringBuilder();
        double scale = (double) width / Math.max(longest, 1);
        double carried = 0;
        for (Phase phase : Phase.values()) {
            // Carry rounding from phase to phase so the bar's length stays proportional to the total.
            carried += run.phase(phase) * scale;
            int cells = (int) Math.round(carried) - bar.length();
            bar.append(String.valueOf(phase.bar()).repeat(Math.max(0, cells)));
        }
        return bar.toString();
    }

    private static String legend() {
        StringBuilder legend = new StringBuilder("legend:");
        for (Phase phase : Phase.values()) {
            legend.append(legend.length() > 7 ? "  " : " ").append(phase.bar()).append(' ').append(phase);
        }
        return legend.toString();
    }

    private static String label(LandRun run) {
        return run.lane + (run.retries > 0 ? " (+" + run.retries + ")" : "");
    }

    private static String clip(String text, int width) {
        return text.length() <= width ? text : text.substring(0, width - 1) + "~";
    }
}

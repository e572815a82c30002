package dev.queuelock.land.history;

import dev.queuelock.Durations;
import dev.queuelock.land.base.Phase;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

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
                    run.outcome().id(), Durations.format(run.totalMs), bar(run, longest)));
        }
        LandRun last = runs.get(runs.size() - 1);
        CommandTime.describe(last).ifPresent(line -> lines.add("last land command: " + Durations.format(CommandTime.commandMs(last))
                + " from process start; " + line));
        lines.addAll(sideBySide(last));
        lines.add(summary(new LandStats(runs)));
        return lines;
    }

    /**
     * The medians, each saying what it covers: the landing is its hold of the land queue (what a
     * waiter waits for per landing ahead), the land command all of it, start-up and waits included
     * (only runs that recorded their start-up count).
     */
    static String summary(LandStats stats) {
        return "p50 queue wait " + format(stats.medianQueueWait())
                + ", p50 landing " + format(stats.medianHold()) + " (" + LandStats.HOLD + ")"
                + stats.medianCommand().map(d -> ", p50 land command " + format(Optional.of(d)) + " (" + LandStats.COMMAND + ")")
                        .orElse("")
                + ", " + stats.landingsPerHour().map(r -> String.format("%.1f", r)).orElse("-") + " landings/hour";
    }

    private static String format(Optional<java.time.Duration> duration) {
        return duration.map(d -> Durations.format(d.toMillis())).orElse("-");
    }

    /** The last batch's checks side by side, if it ran some: each on its base, dropped or not, and how long they took. */
    private static List<String> sideBySide(LandRun last) {
        List<String> lines = new ArrayList<>();
        if (last.batch == null || last.batch.steps.stream().noneMatch(step -> step.startsWith(SIDE_BY_SIDE))) {
            return lines;
        }
        lines.add("last batch's checks side by side (" + last.batch.id + "):");
        last.batch.steps.stream().filter(step -> step.startsWith("check: ") || step.startsWith(SIDE_BY_SIDE))
                .forEach(step -> lines.add("  " + step));
        return lines;
    }

    /** How the batch's record sums up its checks side by side. */
    public static final String SIDE_BY_SIDE = "checks side by side:";

    private String bar(LandRun run, long longest) {
        int[] cells = cells(run, (double) width / Math.max(longest, 1));
        StringBuilder bar = new StringBuilder();
        for (Phase phase : Phase.values()) {
            bar.append(String.valueOf(phase.bar()).repeat(cells[phase.ordinal()]));
        }
        return bar.toString();
    }

    /** The share of a cell from which a phase that rounded to nothing still gets one. */
    private static final double WORTH_A_CELL = 0.25;

    /**
     * Each phase's cells. Rounding is carried from phase to phase so the bar's length stays
     * proportional to the total; then a phase worth showing that rounded to nothing gets one cell,
     * taken from the longest phase where it can spare one. Worth showing: a push or sync that
     * happened at all (short, and what says a landing reached the remote; 200 ms beside a check of
     * minutes), any other phase from a quarter of a cell (not the few ms of an uncontended queue wait).
     */
    private static int[] cells(LandRun run, double scale) {
        int[] cells = new int[Phase.values().length];
        double carried = 0;
        int drawn = 0;
        for (Phase phase : Phase.values()) {
            carried += run.phase(phase) * scale;
            cells[phase.ordinal()] = Math.max(0, (int) Math.round(carried) - drawn);
            drawn += cells[phase.ordinal()];
        }
        for (Phase phase : Phase.values()) {
            if (cells[phase.ordinal()] == 0 && worthACell(phase, run.phase(phase) * scale)) {
                cells[phase.ordinal()] = 1;
                int longest = longestCell(cells);
                if (cells[longest] > 1) {
                    cells[longest]--;
                }
            }
        }
        return cells;
    }

    private static boolean worthACell(Phase phase, double share) {
        return share > 0 && (phase == Phase.PUSH || phase == Phase.SYNC || share >= WORTH_A_CELL);
    }

    private static int longestCell(int[] cells) {
        int longest = 0;
        for (int i = 1; i < cells.length; i++) {
            if (cells[i] > cells[longest]) {
                longest = i;
            }
        }
        return longest;
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

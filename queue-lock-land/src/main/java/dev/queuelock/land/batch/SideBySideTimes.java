package dev.queuelock.land.batch;

import dev.queuelock.Durations;
import dev.queuelock.land.history.HistoryChart;

/**
 * How checks side by side went, as the history sums it up: how many ran, the most allowed at once,
 * the rounds' wall time, the checks' own times added up and how much of that went on dropped
 * checks. Never a saving: side by side the checks share the machine and each may take longer than
 * alone, and none of them is timed alone, which a saving would have to be measured against.
 */
final class SideBySideTimes {

    private int ran;
    private int mostAtOnce;
    private long wallMs;
    private long checkMs;
    private long lostMs;

    /** A round may run up to {@code slots} checks. */
    void allowed(int slots) {
        mostAtOnce = Math.max(mostAtOnce, slots);
    }

    /** A round ran {@code checks} checks in {@code wall} ms, their own times adding up to {@code own} ms. */
    void round(int checks, long wall, long own) {
        ran += checks;
        wallMs += wall;
        checkMs += own;
    }

    /** A check of {@code ms} was dropped: its result could not be used. */
    void dropped(long ms) {
        lostMs += ms;
    }

    /** How long the rounds took, first start to last end of each, added up. */
    long wallMs() {
        return wallMs;
    }

    /** Each check's own time (in its slot) added up: not what they would take one after another. */
    long checkMs() {
        return checkMs;
    }

    /** Slot time spent on checks that were dropped. */
    long lostMs() {
        return lostMs;
    }

    /** E.g. {@code checks side by side: 2 run, up to 2 at once; 2m 06s wall time for 4m 12s of checks added up (...), 0ms of it on dropped checks}. */
    String summary() {
        return HistoryChart.SIDE_BY_SIDE + " " + ran + " run, up to " + mostAtOnce + " at once; " + Durations.format(wallMs)
                + " wall time for " + Durations.format(checkMs) + " of checks added up (none timed alone: no saving claimed), "
                + Durations.format(lostMs) + " of it on dropped checks";
    }
}

package dev.queuelock.build.slots;

import dev.queuelock.spi.SlotCount;

/**
 * The most tasks this process saw running at its readings of the last {@value #WINDOW_MILLIS} ms
 * (the window of the pressure figures). One reading is one instant: a build of ours between two
 * steps, or anyone's task blocked for a moment, may be missed by it. A waiter first in line reads
 * every {@link SlotCount#RECHECK_MILLIS} ms, so work that runs steadily is seen by some reading
 * of the window, and only a burst that has ended is gone from all of them.
 */
final class RecentRunning {

    /** How long a reading counts: {@value} ms. */
    static final long WINDOW_MILLIS = 10_000;
    private static final int KEPT = 16;

    private final long[] at = new long[KEPT];
    private final int[] running = new int[KEPT];
    private int next;
    private int count;

    /**
     * Notes a reading of {@code runningNow} tasks at {@code nanos} ({@link System#nanoTime()}) and
     * returns the most seen in the window up to it; -1 stays -1 (nothing could be read).
     */
    synchronized int most(int runningNow, long nanos) {
        if (runningNow < 0) {
            return -1;
        }
        at[next] = nanos;
        running[next] = runningNow;
        next = (next + 1) % KEPT;
        count = Math.min(KEPT, count + 1);
        int most = runningNow;
        for (int i = 0; i < count; i++) {
            if (nanos - at[i] <= WINDOW_MILLIS * 1_000_000L) {
                most = Math.max(most, running[i]);
            }
        }
        return most;
    }
}

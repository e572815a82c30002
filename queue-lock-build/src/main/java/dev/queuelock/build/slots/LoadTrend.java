package dev.queuelock.build.slots;

import dev.queuelock.spi.SlotCount;

/**
 * This process's own readings of the one-minute load average, for the portable path, where the
 * JDK gives no five-minute figure to tell a falling load from a steady one: the youngest reading
 * at least {@value #MIN_SPAN_MILLIS} ms old (at most {@value #MAX_SPAN_MILLIS} ms) is the one to
 * compare with. A waiter first in line reads every {@link SlotCount#RECHECK_MILLIS} ms, so one is
 * there once it has waited that long; a fresh process has none.
 */
final class LoadTrend {

    /** A shorter span tells the level since too roughly: the kernel updates the average every 5 s. */
    static final long MIN_SPAN_MILLIS = 20_000;
    static final long MAX_SPAN_MILLIS = 120_000;
    private static final int KEPT = 128;

    private final long[] at = new long[KEPT];
    private final double[] load = new double[KEPT];
    private int next;
    private int count;

    /**
     * Notes a reading of {@code loadNow} at {@code nanos} ({@link System#nanoTime()}) and gives the
     * earlier reading to compare it with: {@code {load, seconds ago}}; null if there is none.
     */
    synchronized double[] note(double loadNow, long nanos) {
        double[] earlier = null;
        long best = Long.MAX_VALUE;
        for (int i = 0; i < count; i++) {
            long age = (nanos - at[i]) / 1_000_000L;
            if (age >= MIN_SPAN_MILLIS && age <= MAX_SPAN_MILLIS && age < best) {
                best = age;
                earlier = new double[] {load[i], age / 1000.0};
            }
        }
        if (loadNow >= 0) {
            at[next] = nanos;
            load[next] = loadNow;
            next = (next + 1) % KEPT;
            count = Math.min(KEPT, count + 1);
        }
        return earlier;
    }
}

package dev.queuelock.bench;

/**
 * The one clock every timestamp of the benchmark is read from: CLOCK_MONOTONIC in nanoseconds.
 *
 * <p>On Linux, HotSpot's {@code System.nanoTime()} is {@code clock_gettime(CLOCK_MONOTONIC)}
 * without a per-process offset, and Node's {@code process.hrtime.bigint()} is libuv's
 * {@code uv_hrtime()}, the same call: so readings of different processes, Java or Node, are
 * directly comparable, at nanosecond resolution, and a wall-clock step (NTP, a VM resuming)
 * cannot move them. Epoch time would not do as well: Node's {@code performance.timeOrigin} is
 * fixed at process start, so its epoch readings drift from Java's {@code Instant.now()} when the
 * wall clock is slewed or stepped. {@link ClockCheck} verifies the assumption on every run.
 */
final class Clock {

    private Clock() {
    }

    static long now() {
        return System.nanoTime();
    }

    static double ms(long nanos) {
        return nanos / 1e6;
    }
}

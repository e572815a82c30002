package dev.queuelock.bench;

/**
 * One holding of the lock by one process: when it asked, got and gave up the lock (monotonic ns;
 * {@code released} -1 if it never did, e.g. killed).
 */
record Acquisition(long pid, int round, long asked, long acquired, long released) {

    boolean wasReleased() {
        return released >= 0;
    }
}

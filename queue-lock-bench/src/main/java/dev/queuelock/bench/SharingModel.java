package dev.queuelock.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Builds on paper: {@code agents} identical builds started together on a machine of {@code cores}
 * cores, at most {@code slots} at once, the rest waiting in FIFO order. Processor sharing: a build
 * alone takes {@code soloSeconds} with {@code parallelism} cores busy on average; with {@code k}
 * builds running, each runs at min(parallelism, cores / k) cores, so it progresses at that over
 * {@code parallelism} of its solo speed. A freed slot goes to the next waiter at once.
 *
 * <p>What it leaves out, each of which makes running builds together cost more on a real machine
 * than here: memory (no swap, no page cache pressure), caches, memory bandwidth and the JIT's own
 * threads shared between JVMs, the disk, and a build's parallelism varying over its life (javac
 * on one core, then tests): the model spreads it evenly.
 */
final class SharingModel {

    /** {@code slots} meaning "no queue at all" (QUEUELOCK_SKIP=1). */
    static final int UNLIMITED = Integer.MAX_VALUE;

    private SharingModel() {
    }

    /** Runs the builds on paper; {@code slots} may be {@link #UNLIMITED}. */
    static Outcome run(int agents, int slots, double cores, double soloSeconds, double parallelism) {
        if (agents < 1 || slots < 1 || cores <= 0 || soloSeconds <= 0 || parallelism <= 0) {
            throw new IllegalArgumentException("agents, slots, cores, solo time and parallelism must be positive");
        }
        double[] left = new double[agents]; // solo-seconds of work left
        double[] started = new double[agents];
        double[] done = new double[agents];
        Arrays.fill(left, soloSeconds);
        Arrays.fill(started, Double.NaN);
        double now = 0;
        int next = 0;
        List<Integer> running = new ArrayList<>();
        while (next < agents || !running.isEmpty()) {
            while (running.size() < slots && next < agents) {
                started[next] = now;
                running.add(next++);
            }
            double speed = Math.min(parallelism, cores / running.size()) / parallelism;
            double step = running.stream().mapToDouble(i -> left[i]).min().orElseThrow() / speed;
            now += step;
            for (int i : running) {
                left[i] -= step * speed;
            }
            for (java.util.Iterator<Integer> it = running.iterator(); it.hasNext();) {
                int i = it.next();
                if (left[i] <= 1e-9 * soloSeconds) {
                    done[i] = now;
                    it.remove();
                }
            }
        }
        return new Outcome(started, done);
    }

    /** Per build, in FIFO order: when it got a slot (its wait) and when its result came, in seconds. */
    record Outcome(double[] waits, double[] results) {

        double total() {
            return Arrays.stream(results).max().orElse(0);
        }

        double meanResult() {
            return Arrays.stream(results).average().orElse(0);
        }

        double meanWait() {
            return Arrays.stream(waits).average().orElse(0);
        }
    }
}

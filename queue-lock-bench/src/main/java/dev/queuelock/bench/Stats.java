package dev.queuelock.bench;

import java.util.ArrayList;
import java.util.List;

/** min, p50/p90/p99 (nearest rank) and max of a sample, in ms. */
record Stats(int count, double min, double p50, double p90, double p99, double max) {

    static final Stats NONE = new Stats(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

    static Stats of(List<Double> samples) {
        if (samples.isEmpty()) {
            return NONE;
        }
        List<Double> sorted = new ArrayList<>(samples);
        sorted.sort(Double::compare);
        return new Stats(sorted.size(), sorted.get(0), percentile(sorted, 50), percentile(sorted, 90), percentile(sorted, 99),
                sorted.get(sorted.size() - 1));
    }

    static double percentile(List<Double> sorted, double p) {
        int rank = (int) Math.ceil(p / 100.0 * sorted.size());
        return sorted.get(Math.max(0, Math.min(sorted.size() - 1, rank - 1)));
    }

    boolean isEmpty() {
        return count == 0;
    }
}

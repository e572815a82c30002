package dev.queuelock.bench;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/** Samples (ms or %) and safety counts of one scenario, per side. */
final class Measurement {

    private final Map<Side, List<Double>> samples = new EnumMap<>(Side.class);
    private final Map<Side, Integer> overlaps = new EnumMap<>(Side.class);
    private final Map<Side, Integer> inversions = new EnumMap<>(Side.class);

    Measurement() {
        for (Side side : Side.values()) {
            samples.put(side, new ArrayList<>());
            overlaps.put(side, 0);
            inversions.put(side, 0);
        }
    }

    void add(Side side, HandOffs handOffs) {
        samples.get(side).addAll(handOffs.latenciesMs());
        overlaps.merge(side, handOffs.overlaps(), Integer::sum);
    }

    void add(Side side, double sample) {
        samples.get(side).add(sample);
    }

    void addInversions(Side side, int count) {
        inversions.merge(side, count, Integer::sum);
    }

    List<Double> samples(Side side) {
        return samples.get(side);
    }

    Stats stats(Side side) {
        return Stats.of(samples.get(side));
    }

    int overlaps(Side side) {
        return overlaps.get(side);
    }

    int inversions(Side side) {
        return inversions.get(side);
    }
}

package dev.queuelock.land.batch;

import java.util.LinkedHashMap;
import java.util.Map;

/** Attributes the time since the previous mark to a phase of the batch, adding up across steps. */
final class PhaseTimes {

    private final Map<String, Long> phases = new LinkedHashMap<>();
    private long mark = System.currentTimeMillis();

    void end(String phase) {
        long now = System.currentTimeMillis();
        phases.merge(phase, now - mark, Long::sum);
        mark = now;
    }

    Map<String, Long> snapshot() {
        return new LinkedHashMap<>(phases);
    }
}

package dev.queuelock.bench;

import java.util.List;

/** One round of the slots scenario: every lane's build, started together under one setting. */
record SlotRound(String kind, SlotSetting setting, int rep, List<SlotBuild> builds) {

    private long zero() {
        return builds.stream().mapToLong(SlotBuild::startNanos).min().orElseThrow();
    }

    /** Start of the first build to the end of the last, in seconds. */
    double totalSeconds() {
        return builds.stream().mapToDouble(b -> b.resultSeconds(zero())).max().orElseThrow();
    }

    /** Each agent's time to its result (its own process start to exit), in seconds. */
    List<Double> resultSeconds() {
        return builds.stream().map(SlotBuild::durationSeconds).toList();
    }

    double meanResultSeconds() {
        return resultSeconds().stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    }

    double lastResultSeconds() {
        return resultSeconds().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    }

    /** Each build's wait for a slot in seconds; empty when the queue was skipped. */
    List<Double> waitSeconds() {
        return builds.stream().map(SlotBuild::waitMs).filter(w -> !Double.isNaN(w)).map(w -> w / 1000).toList();
    }

    double meanCpuSeconds() {
        return builds.stream().mapToDouble(SlotBuild::cpuSeconds).average().orElseThrow();
    }

    /** The number of slots the builds' waiting lines named (what auto decided); 0 if none waited. */
    int slotsSeen() {
        return builds.stream().mapToInt(SlotBuild::slotsSeen).max().orElse(0);
    }

    double maxPeakRssMb() {
        return builds.stream().mapToDouble(SlotBuild::peakRssMb).max().orElseThrow();
    }
}

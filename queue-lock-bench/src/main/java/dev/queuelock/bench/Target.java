package dev.queuelock.bench;

import java.util.function.Predicate;

/** A goal from issue 5, judged on a scenario's measurement; {@link #NONE} for information only. */
record Target(String text, Predicate<Measurement> met) {

    static final Target NONE = new Target("—", null);

    /** Clean hand-off: p50 at most 1/50 of the peer's and p99 at most 15 ms. */
    static Target cleanHandOff() {
        return new Target("p50 ≤ 1/50 peer, p99 ≤ 15 ms", m -> {
            Stats ours = m.stats(Side.OURS);
            Stats peer = m.stats(Side.PEER);
            return ours.p50() <= peer.p50() / 50 && ours.p99() <= 15;
        });
    }

    static Target p99AtMost(double ms) {
        return new Target("p99 ≤ " + Report.number(ms) + " ms", m -> m.stats(Side.OURS).p99() <= ms);
    }

    static Target cpuAtMost(double percent) {
        return new Target("≤ " + Report.number(percent) + " % of a core", m -> m.stats(Side.OURS).max() <= percent);
    }

    static Target fifo() {
        return new Target("0 inversions, 0 overlaps",
                m -> m.inversions(Side.OURS) == 0 && m.overlaps(Side.OURS) == 0);
    }

    /** "met"/"missed"; any overlap (two holders at once) is a miss whatever the goal. */
    String verdict(Measurement m) {
        if (m.overlaps(Side.OURS) > 0) {
            return "**missed** (overlap)";
        }
        if (met == null) {
            return "—";
        }
        return m.stats(Side.OURS).isEmpty() ? "**missed** (no samples)" : met.test(m) ? "met" : "**missed**";
    }
}

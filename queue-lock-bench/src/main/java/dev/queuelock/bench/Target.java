package dev.queuelock.bench;

import java.util.function.Predicate;

/** A goal from issues 5 and 11, judged on a scenario's measurement; {@link #NONE} for information only. */
record Target(String text, Predicate<Measurement> met) {

    static final Target NONE = new Target("—", null);

    /** Clean hand-off, what every waiting build pays: p50 at most 1/50 of the peer's, and p99 at most 15 ms up to 8 workers. */
    static Target cleanHandOff(int workers) {
        if (workers > 8) {
            return p50AtMostPeerOver(50);
        }
        return new Target("p50 ≤ 1/50 peer, p99 ≤ 15 ms", m -> {
            Stats ours = m.stats(Side.OURS);
            return ours.p50() <= m.stats(Side.PEER).p50() / 50 && ours.p99() <= 15;
        });
    }

    static Target p50AtMostPeerOver(int divisor) {
        return new Target("p50 ≤ 1/" + divisor + " peer",
                m -> m.stats(Side.OURS).p50() <= m.stats(Side.PEER).p50() / divisor);
    }

    static Target p99AtMost(double ms) {
        return new Target("p99 ≤ " + Report.number(ms) + " ms", m -> m.stats(Side.OURS).p99() <= ms);
    }

    static Target cpuAtMostPeer() {
        return new Target("≤ the peer's", m -> m.stats(Side.OURS).max() <= m.stats(Side.PEER).max());
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

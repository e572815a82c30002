package dev.queuelock.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The Markdown result table, one row per scenario (and per N). */
final class Report {

    private final List<String> rows = new ArrayList<>();

    /** A latency scenario: percentiles of both sides, their ratio, and the target's verdict. */
    void latency(String scenario, Measurement m, Target target) {
        Stats ours = m.stats(Side.OURS);
        Stats peer = m.stats(Side.PEER);
        row(scenario, percentiles(ours, "ms"), percentiles(peer, "ms"),
                ratio(ours.p50(), peer.p50()) + " · " + ratio(ours.p99(), peer.p99()),
                ours.count() + " / " + peer.count(), m.overlaps(Side.OURS) + " / " + m.overlaps(Side.PEER),
                target.text(), target.verdict(m));
    }

    /** A CPU-share scenario: the worst (highest) of the repetitions, in % of one core. */
    void cpu(String scenario, Measurement m, Target target) {
        Stats ours = m.stats(Side.OURS);
        Stats peer = m.stats(Side.PEER);
        row(scenario, number(ours.max()) + " %", number(peer.max()) + " %", ratio(ours.max(), peer.max()),
                ours.count() + " / " + peer.count(), "—", target.text(), target.verdict(m));
    }

    void fifo(String scenario, Measurement m, Target target) {
        row(scenario, order(m, Side.OURS), order(m, Side.PEER), "—", "—",
                m.overlaps(Side.OURS) + " / " + m.overlaps(Side.PEER), target.text(), target.verdict(m));
    }

    void notMeasured(String scenario, String why, String target) {
        row(scenario, why, "—", "—", "—", "—", target, "not measured");
    }

    String markdown() {
        StringBuilder md = new StringBuilder();
        md.append("| Scenario | Ours p50 / p90 / p99 | Peer p50 / p90 / p99 | Ours/peer p50 · p99 | Samples ours / peer"
                + " | Overlaps ours / peer | Target (ours) | Result |\n");
        md.append("|---|---|---|---|---|---|---|---|\n");
        rows.forEach(r -> md.append(r).append('\n'));
        return md.toString();
    }

    private void row(String... cells) {
        rows.add("| " + String.join(" | ", cells) + " |");
    }

    private static String order(Measurement m, Side side) {
        return m.inversions(side) + " inversions";
    }

    static String percentiles(Stats s, String unit) {
        if (s.isEmpty()) {
            return "no samples";
        }
        return number(s.p50()) + " / " + number(s.p90()) + " / " + number(s.p99()) + " " + unit;
    }

    /** ours/peer as a decimal and, when small, as 1/x: the form the targets use. */
    static String ratio(double ours, double peer) {
        if (Double.isNaN(ours) || Double.isNaN(peer) || peer == 0) {
            return "—";
        }
        double r = ours / peer;
        return r < 0.5 ? String.format(Locale.ROOT, "%.3f (1/%.0f)", r, 1 / r) : String.format(Locale.ROOT, "%.2f", r);
    }

    static String number(double v) {
        if (Double.isNaN(v)) {
            return "—";
        }
        String format = Math.abs(v) < 10 ? "%.2f" : Math.abs(v) < 100 ? "%.1f" : "%.0f";
        return String.format(Locale.ROOT, format, v);
    }
}

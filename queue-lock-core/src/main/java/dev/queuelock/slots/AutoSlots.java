package dev.queuelock.slots;

import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * {@code queuelock.build.slots=auto}: as many builds at once as the machine has room for, judged
 * from its cores and memory and this repository's recent builds ({@link UsageHistory}):
 *
 * <ul>
 *   <li>cores: cores / the cores a recent build kept busy (the most of the recent ones, at least a
 *       quarter core): CPU-bound builds on a 2-core machine get one slot; builds that mostly wait,
 *       as integration tests do, get several;</li>
 *   <li>memory: (total memory - a reserve of a quarter of it, at least 2 GiB) / the highest recent
 *       peak, and one slot only while less than a peak and 512 MiB are available, so a build is
 *       not admitted into swap;</li>
 *   <li>never below one nor above four per core; with no build measured yet, one: strict turns
 *       until the first build tells what a build takes.</li>
 * </ul>
 */
public final class AutoSlots implements SlotCount {

    static final long GIB = 1L << 30;
    private static final long MARGIN = 512L << 20;
    private static final double LEAST_BUSY = 0.25;

    private final Supplier<MachineFacts> machine;
    private final Supplier<List<BuildUsage>> builds;
    private volatile Decision last;

    public AutoSlots(Supplier<MachineFacts> machine, Supplier<List<BuildUsage>> builds) {
        this.machine = machine;
        this.builds = builds;
    }

    /** For the build queue in {@code history}'s directory, on this machine. */
    public static AutoSlots of(UsageHistory history) {
        return new AutoSlots(MachineFacts::read, history::read);
    }

    @Override
    public int slots() {
        last = decide(machine.get(), builds.get());
        return last.slots;
    }

    @Override
    public String describe() {
        Decision decision = last;
        return (decision != null ? decision : decide(machine.get(), builds.get())).text;
    }

    /** The rule, for a described machine and history. */
    static Decision decide(MachineFacts machine, List<BuildUsage> recent) {
        double busy = -1;
        long peak = -1;
        for (BuildUsage build : recent) {
            busy = Math.max(busy, build.busyCores());
            peak = Math.max(peak, build.peakBytes());
        }
        int cores = machine.cores();
        if (busy < 0) {
            return new Decision(1, "auto: 1 (no build of this queue measured yet: strict turns until one is; " + cores + " cores"
                    + (machine.totalBytes() > 0 ? ", " + gib(machine.totalBytes()) + " memory" : "") + ")");
        }
        int byCores = Math.max(1, (int) Math.floor(cores / Math.max(busy, LEAST_BUSY)));
        String why = "cores " + cores + " / " + format(busy) + " busy per build = " + byCores;
        int slots = Math.min(byCores, 4 * cores);
        if (machine.totalBytes() > 0 && peak > 0) {
            long reserve = Math.max(2 * GIB, machine.totalBytes() / 4);
            int byMemory = (int) Math.max(1, (machine.totalBytes() - reserve) / peak);
            why += ", (memory " + gib(machine.totalBytes()) + " - reserve " + gib(reserve) + ") / peak " + gib(peak) + " = " + byMemory;
            slots = Math.min(slots, byMemory);
            if (machine.availableBytes() >= 0 && machine.availableBytes() < peak + MARGIN) {
                return new Decision(1, "auto: 1 (only " + gib(machine.availableBytes()) + " available, less than a build's peak "
                        + gib(peak) + " and a margin: one at a time, not into swap; " + why + ")");
            }
        }
        return new Decision(slots, "auto: " + slots + " = min(" + why + ") over " + recent.size() + " recent build"
                + (recent.size() == 1 ? "" : "s"));
    }

    private static String gib(long bytes) {
        return format((double) bytes / GIB) + " GB";
    }

    private static String format(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    /** A number of slots and how it was found. */
    static final class Decision {
        final int slots;
        final String text;

        Decision(int slots, String text) {
            this.slots = slots;
            this.text = text;
        }
    }
}

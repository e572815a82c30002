package dev.queuelock.build.slots;

import dev.queuelock.spi.SlotCount;

import java.util.List;
import java.util.function.Supplier;

/**
 * {@code queuelock.build.slots=auto}: as many builds at once as the machine has room for, decided
 * afresh at every acquire, and again every {@value SlotCount#RECHECK_MILLIS} ms (a hand-off meanwhile wakes it at once and is taken on the number in hand) while the waiter first in
 * line waits (a slot freed meanwhile is taken at once on the number in hand), from the machine
 * now ({@link MachineProbe}), our builds holding a slot and this repository's recent builds
 * ({@link UsageHistory}). Two bounds: what the machine has room for now, beside everyone's work
 * ({@link MachineRoom}), and what an idle machine would hold (below); at least 1.
 *
 * <pre>
 * idle    = min( byCpu,
 *                holding + floor((available memory - reserve) / largest recent peak),
 *                {@value #MAX_PER_CORE} x cores )
 * byCpu   = n = floor(cores / w), or n + 1 where (n + 1) x w / cores &lt; (n + 2) / (n + 1)
 * reserve = max(1 GB, total memory / {@value #RESERVE_DIVISOR})
 * </pre>
 *
 * <ul>
 * <li><b>CPU</b>: the cores a build wants is its CPU time over the time it held its slot, averaged
 * over the recent builds by time held ({@link RecentBuilds}, which also counts builds that had to
 * share full cores as busier). A build that mostly waits (integration tests, sleeps, the network)
 * keeps few cores busy, so more fit. A build's {@code w} is an average: it keeps fewer cores busy
 * in some phases (one module's tests) and all it can in others, so one build more than fit can
 * fill what the others leave idle. It is admitted where that gives results sooner, judged for the
 * smallest queue where it matters, {@code n + 1} builds waiting: as {@code n} at once, {@code n}
 * results after one build's time and the last after two (mean {@code (n + 2) / (n + 1)}); as
 * {@code n + 1} at once, all after {@code (n + 1) x w / cores} (the cores shared). Two builds of
 * 1.4 cores on two cores: 1.4 &lt; 1.5, two slots; of 1.7: one. Longer queues gain more from
 * sharing, so this errs towards fewer.
 * <li><b>Memory</b>: the memory available <em>now</em> already has the running builds' use taken
 * out, so a build is admitted only while one more peak fits beside the holding ones and the
 * reserve: the machine is never pushed into swap by our builds.
 * <li><b>Never below 1</b>: one build always runs, as it would without queue-lock.
 * <li><b>No history</b> (no build of this repository measured yet): {@value #NO_HISTORY}, strict
 * turns. Nothing is admitted on a guess; the first build that finishes gives the rule its figures,
 * so this costs one build's wait. Likewise where the available memory cannot be read.
 * </ul>
 */
public final class AutoSlots implements SlotCount {

    /** Slots while no build has been measured: {@value}. */
    public static final int NO_HISTORY = 1;
    /** At most this many builds per core, whatever the history says: {@value}. */
    public static final int MAX_PER_CORE = 4;
    /** Memory kept free beside the builds: total / {@value}, at least 1 GB. */
    public static final int RESERVE_DIVISOR = 16;
    /** A build is counted as wanting at least this many cores: {@value} (no division by nothing). */
    static final double MIN_CORES_WANTED = 0.05;


    private final Supplier<MachineFacts> machine;
    private final Supplier<MachinePressure> pressure;
    private final Supplier<List<BuildUsage>> described;
    private final UsageHistory history;
    private volatile Decision last;

    /** Decides from this machine and the queue's {@code history}. */
    public AutoSlots(UsageHistory history) {
        this(null, null, null, history);
    }

    /** A described machine and history (tests). */
    AutoSlots(Supplier<MachineFacts> machine, Supplier<MachinePressure> pressure, Supplier<List<BuildUsage>> described) {
        this(machine, pressure, described, null);
    }

    private AutoSlots(Supplier<MachineFacts> machine, Supplier<MachinePressure> pressure, Supplier<List<BuildUsage>> described,
            UsageHistory history) {
        this.machine = machine;
        this.pressure = pressure;
        this.described = described;
        this.history = history;
    }

    @Override
    public boolean auto() {
        return true;
    }

    /** {@link #slots(int)} with nothing held. */
    @Override
    public int slots() {
        return slots(0);
    }

    /**
     * Decides now, beside {@code holding} builds of ours: a few reads of {@code /proc} (Linux: meminfo,
     * loadavg, three pressure files) or the JDK's load average, and one read of the history file.
     */
    @Override
    public int slots(int holding) {
        Decision decision = decideNow(holding);
        last = decision;
        return decision.slots();
    }

    /** How the last {@link #slots(int)} decided, or how it would decide now if it has not been asked. */
    @Override
    public String describe() {
        Decision decision = last;
        return (decision != null ? decision : decideNow(0)).text();
    }

    // No lambdas on this path: each new one costs its first caller a class spun at run time, and
    // every acquire of every session is a first caller.
    private Decision decideNow(int holding) {
        long now = System.currentTimeMillis();
        if (history == null) {
            return decide(machine.get(), pressure.get(), described.get(), holding, now);
        }
        MachineProbe probe = MachineProbe.current();
        return decide(probe.facts(), probe.pressure(), history.recent(), holding, now);
    }

    /** The rule on an idle machine, for a machine and its recent builds (oldest first): what the history alone says. */
    public static Decision decide(MachineFacts machine, List<BuildUsage> recent) {
        return decide(machine, null, recent, 0, 0);
    }

    /**
     * The rule: what the history says an idle machine holds, and at most what the machine has room
     * for now ({@link MachineRoom}) beside {@code holding} builds of ours; at least 1.
     *
     * @param pressure  the machine's pressure and load now; null for an idle machine
     * @param nowMillis now, to tell what our ended builds still add to the load
     */
    public static Decision decide(MachineFacts machine, MachinePressure pressure, List<BuildUsage> recent, int holding,
            long nowMillis) {
        if (recent.isEmpty()) {
            return new Decision(NO_HISTORY, "auto: " + NO_HISTORY
                    + " (no build of this repository measured yet: strict turns until one has finished)" + saw(pressure, machine));
        }
        if (machine.availableBytes() < 0 || machine.totalBytes() < 0) {
            return new Decision(1, "auto: 1 (the memory available cannot be read here: strict turns)" + saw(pressure, machine));
        }
        RecentBuilds builds = RecentBuilds.of(recent, machine.cores());
        double wanted = Math.max(MIN_CORES_WANTED, builds.coresWanted());
        int byCpu = byCpu(machine.cores(), wanted);
        long reserve = reserve(machine.totalBytes());
        long room = Math.max(0, machine.availableBytes() - reserve);
        // The memory available now has our holders' use taken out already: they count on top.
        int byMemory = (int) Math.min(Integer.MAX_VALUE, holding + room / builds.peakBytes());
        MachineRoom now = pressure == null ? null : MachineRoom.of(machine.cores(), pressure, holding, wanted,
                RecentBuilds.lingeringLoad(recent, machine.cores(), nowMillis));
        return new Decision(machine, builds, wanted, byCpu, reserve, byMemory, MAX_PER_CORE * machine.cores(), now);
    }

    private static String saw(MachinePressure pressure, MachineFacts machine) {
        return pressure == null ? "" : "; " + pressure.seenOn(machine.cores(), null);
    }

    /** floor(cores / wanted), or one more where sharing the cores gives results sooner (see the class comment). */
    static int byCpu(int cores, double wanted) {
        return byCpu((double) cores, wanted);
    }

    /** {@link #byCpu(int, double)} on the cores others' work leaves, a fraction of the machine's. */
    static int byCpu(double cores, double wanted) {
        int fit = (int) Math.floor(cores / wanted + 1e-9);
        if (fit >= 1 && (fit + 1) * wanted / cores < (fit + 2) / (double) (fit + 1)) {
            return fit + 1;
        }
        return fit;
    }

    /** Memory kept free beside the builds: total / {@value #RESERVE_DIVISOR}, at least 1 GB. */
    public static long reserve(long totalBytes) {
        return Math.max(MachineFacts.GB, totalBytes / RESERVE_DIVISOR);
    }

    /** A number of slots and how it was found, in one line. */
    public static final class Decision {
        private final int slots;
        private final String text;
        // The figures, package-private for DecisionText, which puts them in words when asked.
        final MachineFacts machine;
        final RecentBuilds builds;
        final double wanted;
        final int byCpu;
        final long reserve;
        final int byMemory;
        final int cap;
        final MachineRoom now;

        /** A decision that needs no arithmetic. */
        Decision(int slots, String text) {
            this.slots = slots;
            this.text = text;
            this.machine = null;
            this.builds = null;
            this.wanted = 0;
            this.byCpu = 0;
            this.reserve = 0;
            this.byMemory = 0;
            this.cap = 0;
            this.now = null;
        }

        /** The smallest of the bounds, and at least 1. */
        Decision(MachineFacts machine, RecentBuilds builds, double wanted, int byCpu, long reserve, int byMemory, int cap,
                MachineRoom now) {
            int idle = fits(byCpu, byMemory, cap);
            this.slots = Math.max(1, now == null ? idle : Math.min(idle, now.slots()));
            this.text = null;
            this.machine = machine;
            this.builds = builds;
            this.wanted = wanted;
            this.byCpu = byCpu;
            this.reserve = reserve;
            this.byMemory = byMemory;
            this.cap = cap;
            this.now = now;
        }

        static int fits(int byCpu, int byMemory, int cap) {
            return Math.min(Math.min(byCpu, byMemory), cap);
        }

        public int slots() {
            return slots;
        }

        /** E.g. {@code auto: 1 = min(cores 2 / 1.7 busy per build = 1, (available 20.0 GB - ...) = 18) over 6 recent builds}. */
        public String text() {
            return text != null ? text : DecisionText.of(this);
        }

        @Override
        public String toString() {
            return text();
        }
    }
}

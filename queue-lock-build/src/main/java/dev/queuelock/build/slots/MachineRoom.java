package dev.queuelock.build.slots;

import dev.queuelock.spi.SlotCount;

/**
 * How many of our builds the machine has room for now, beside everyone else's work: the part of
 * {@code auto} that looks at the machine as it is ({@link MachinePressure}), where the history
 * ({@link AutoSlots}) says what an idle machine would hold.
 *
 * <pre>
 * ours    = holding x wanted + what our ended builds still add to the load (it decays over a minute)
 * byLoad  = max(0, load - ours)
 * running = max(0, tasks running now - holding x wanted)
 * others  = min(byLoad, running) where the load average is the past: the kernel reports pressure
 *           and cpu some &lt; {@value #CPU_CALM} %, memory and io below their stalls; or, without
 *           pressure, the one-minute load is below {@value #FALLING} x the five-minute one (portable:
 *           x this process's reading 20 s or more ago, and the level since that reading counts
 *           for the tasks running now)
 *         = byLoad elsewhere, or all the cores ours leave if cpu some &gt;= {@value #CPU_STALLED} %
 * byCpu   = the idle rule ({@link AutoSlots#byCpu}) on the cores others leave: cores - others
 * memory some &gt;= {@value #MEMORY_STALLED} % or io some &gt;= {@value #IO_STALLED} %: no build beyond the holding ones
 * </pre>
 *
 * <p>A pure function of what it is given: the probe reads the machine, this decides. The load
 * average counts our builds too, so ours is taken out first (a holder as wanting its history's
 * cores). But it remembers a minute: after a burst of work (a benchmark's round, a check that is
 * no Maven build and so left no record of ours) it still reads 2.8 while nothing runs. Where the
 * machine shows that the burst is over - nobody waited for a CPU in the last ten seconds, or the
 * load is falling - the tasks running now count instead: a steady burner is always running and
 * still counts, a burst that ended does not. The probe gives the most tasks it saw running in the
 * last ten seconds ({@link RecentRunning}): one instant could miss a build of ours between two
 * steps, and admit a build too many beside a burner. Never more others than the load average
 * says: this only ever finds more room than the load alone, and only where the load is the past.
 * The portable path (the JDK) reads only the one-minute load: a process that has read it 20 s or
 * more before ({@link LoadTrend}: a waiter first in line) tells a falling load by that reading,
 * and what ran since by the average's decay; a fresh process judges by the load alone.
 *
 * <p>Pressure is everyone's stall: our own builds' I/O counts in it, so its thresholds are well
 * above what builds alone cause; a stalled machine takes no new build until the 10-second average
 * drops (a waiter looks again every {@link SlotCount#RECHECK_MILLIS} ms). Never below one
 * ({@link AutoSlots}): with nothing held, one build runs, as it would without queue-lock.
 */
final class MachineRoom {

    /** CPU "some" from which the cores count as taken, where our holders do not explain it: {@value} %. */
    static final double CPU_STALLED = 70;
    /** CPU "some" below which the CPU is calm, so a higher load average is the last minute's, not now's: {@value} %. */
    static final double CPU_CALM = 20;
    /** Without pressure: the load is falling (the past) where the one-minute average is below this share of the five-minute one: {@value}. */
    static final double FALLING = 0.9;
    /** Memory "some" from which no build is added: {@value} % (reclaim and swap-ins, where builds slow down most). */
    static final double MEMORY_STALLED = 10;
    /** I/O "some" from which no build is added: {@value} % (builds read and write much themselves). */
    static final double IO_STALLED = 30;

    private final MachinePressure pressure;
    private final int cores;
    private final int holding;
    private final double ours;
    private final double others;
    private final String countedBy;
    private final int byCpu;
    private final String stalled;
    private final int slots;

    private MachineRoom(MachinePressure pressure, int cores, int holding, double ours, double others, String countedBy, int byCpu,
            String stalled) {
        this.pressure = pressure;
        this.cores = cores;
        this.holding = holding;
        this.ours = ours;
        this.others = others;
        this.countedBy = countedBy;
        this.byCpu = byCpu;
        this.stalled = stalled;
        this.slots = stalled != null ? Math.min(byCpu, holding) : byCpu;
    }

    /**
     * @param holding       our builds holding a slot now
     * @param wanted        the cores one of our builds wants (its history, corrected)
     * @param lingeringLoad what our ended builds still add to the load average
     */
    static MachineRoom of(int cores, MachinePressure pressure, int holding, double wanted, double lingeringLoad) {
        double ours = holding * wanted + lingeringLoad;
        double others = pressure.load() < 0 ? 0 : Math.max(0, pressure.load() - ours);
        String countedBy = null;
        String past = loadIsThePast(pressure);
        if (past != null && pressure.runningNow() >= 0) {
            double running = Math.max(0, pressure.runningNow() - holding * wanted);
            if (running < others) {
                others = running;
                countedBy = " others' tasks running now, " + past;
            }
        } else if (past != null && pressure.levelSinceEarlier() >= 0) {
            double since = Math.max(0, pressure.levelSinceEarlier() - holding * wanted);
            if (since < others) {
                others = since;
                countedBy = " others' load since " + Math.round(pressure.earlierSeconds()) + " s ago, " + past;
            }
        }
        if (pressure.cpuSome() >= CPU_STALLED && holding * wanted < cores) {
            others = Math.max(others, cores - holding * wanted);
            countedBy = null;
        }
        double free = cores - others;
        int byCpu = free <= 0 ? 0 : AutoSlots.byCpu(free, wanted);
        return new MachineRoom(pressure, cores, holding, ours, others, countedBy, byCpu, stalled(pressure));
    }

    /** Why the load average is the past rather than now, in words; null where it may be now. */
    private static String loadIsThePast(MachinePressure pressure) {
        if (pressure.reported()) {
            boolean calm = pressure.cpuSome() < CPU_CALM && pressure.memorySome() < MEMORY_STALLED && pressure.ioSome() < IO_STALLED;
            return calm ? "the CPU calm" : null;
        }
        double before = pressure.load5() >= 0 ? pressure.load5() : pressure.earlierLoad();
        return before > 0 && pressure.load() < FALLING * before ? "the load falling" : null;
    }

    private static String stalled(MachinePressure pressure) {
        if (pressure.memorySome() >= MEMORY_STALLED) {
            return "memory";
        }
        return pressure.ioSome() >= IO_STALLED ? "io" : null;
    }

    /** Our builds the machine has room for now, holders included; may be 0 (the caller keeps one). */
    int slots() {
        return slots;
    }

    /** Our builds holding a slot now. */
    int holding() {
        return holding;
    }

    /** The load not ours. */
    double others() {
        return others;
    }

    /** What it saw, e.g. {@code pressure: cpu some 48 %, memory 0 %, io 3 %; load 7.1 (5 min: 6.5) on 2 cores, 1.0 of it ours, 3 tasks running now}. */
    String saw() {
        return pressure.seenOn(cores, Gigabytes.cores(Math.min(ours, pressure.load())));
    }

    /**
     * What followed, e.g. {@code (2 cores - 6.1 others' load) / 1.0 per build = 0}, or where the
     * load average is the past {@code (2 cores - 0.00 others' tasks running now, the CPU calm: the
     * load is the last minute's) / 0.60 per build = 4}.
     */
    String arithmetic(double wanted) {
        StringBuilder text = new StringBuilder("(").append(cores).append(" cores - ").append(Gigabytes.cores(others));
        if (countedBy == null) {
            text.append(" others' load");
        } else {
            text.append(countedBy).append(": the load is the last minute's");
        }
        text.append(") / ").append(Gigabytes.cores(wanted)).append(" per build = ").append(byCpu);
        if (stalled != null) {
            text.append(", ").append(stalled).append(" stalled: none beyond the ").append(holding).append(" holding");
        }
        return text.toString();
    }
}

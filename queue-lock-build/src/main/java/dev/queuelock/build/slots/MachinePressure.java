package dev.queuelock.build.slots;

/**
 * What the machine's scheduler says of its load at one moment: the share of the last ten seconds
 * in which some task stalled for CPU, memory or I/O (Linux's pressure stall information, "some
 * avg10" of {@code /proc/pressure/*}), the one- and five-minute load averages (runnable tasks, and
 * on Linux those in uninterruptible I/O), and the tasks runnable at this instant (the fourth field
 * of {@code /proc/loadavg}, the reader left out). Everyone's work counts in them, ours and others'.
 * The averages remember: a minute after a burst of work ended, the one-minute figure still holds a
 * third of it; the pressure and the tasks running now say what runs now. A figure the machine does
 * not report is -1: no pressure on macOS or kernels without PSI, only the one-minute load where
 * the JDK tells it (the portable path), none where nothing can.
 */
public final class MachinePressure {

    /** Nothing known: no pressure, no load. */
    static final MachinePressure UNKNOWN = new MachinePressure(-1, -1, -1, -1, "unknown");

    private final double cpuSome;
    private final double memorySome;
    private final double ioSome;
    private final double load;
    private final double load5;
    private final int runningNow;
    private final double earlierLoad;
    private final double earlierSeconds;
    private final String source;

    MachinePressure(double cpuSome, double memorySome, double ioSome, double load, String source) {
        this(cpuSome, memorySome, ioSome, load, -1, -1, source);
    }

    MachinePressure(double cpuSome, double memorySome, double ioSome, double load, double load5, int runningNow, String source) {
        this(cpuSome, memorySome, ioSome, load, load5, runningNow, -1, -1, source);
    }

    private MachinePressure(double cpuSome, double memorySome, double ioSome, double load, double load5, int runningNow,
            double earlierLoad, double earlierSeconds, String source) {
        this.cpuSome = cpuSome;
        this.memorySome = memorySome;
        this.ioSome = ioSome;
        this.load = load;
        this.load5 = load5;
        this.runningNow = runningNow;
        this.earlierLoad = earlierLoad;
        this.earlierSeconds = earlierSeconds;
        this.source = source;
    }

    /** The same reading with the five-minute load average and the tasks running now, as {@code /proc/loadavg} gives them. */
    public MachinePressure withNow(double fiveMinuteLoad, int tasksRunningNow) {
        return new MachinePressure(cpuSome, memorySome, ioSome, load, fiveMinuteLoad, tasksRunningNow, earlierLoad, earlierSeconds,
                source);
    }

    /** The same reading with this process's own earlier reading of the one-minute load, {@code secondsAgo} ({@link LoadTrend}). */
    public MachinePressure withEarlier(double earlierOneMinuteLoad, double secondsAgo) {
        return new MachinePressure(cpuSome, memorySome, ioSome, load, load5, runningNow, earlierOneMinuteLoad, secondsAgo, source);
    }

    /** A machine described, not read (tests, the docs' examples); -1 for what it does not report. */
    public static MachinePressure described(double cpuSomePercent, double memorySomePercent, double ioSomePercent, double load) {
        return new MachinePressure(cpuSomePercent, memorySomePercent, ioSomePercent, load, "described");
    }

    /** A machine that reports only its load average (macOS, older kernels), described. */
    public static MachinePressure loadOnly(double load) {
        return new MachinePressure(-1, -1, -1, load, "described");
    }

    /** Percent of the last 10 s some task waited for a CPU; -1 if not reported. */
    public double cpuSome() {
        return cpuSome;
    }

    /** Percent of the last 10 s some task stalled on memory (reclaim, swap-in); -1 if not reported. */
    public double memorySome() {
        return memorySome;
    }

    /** Percent of the last 10 s some task stalled on I/O; -1 if not reported. */
    public double ioSome() {
        return ioSome;
    }

    /** One-minute load average; -1 if unknown. */
    public double load() {
        return load;
    }

    /** Five-minute load average; -1 if unknown (the portable path). */
    public double load5() {
        return load5;
    }

    /** This process's earlier reading of the one-minute load ({@link #earlierSeconds()} ago); -1 if none. */
    public double earlierLoad() {
        return earlierLoad;
    }

    /** How long ago {@link #earlierLoad()} was read, in seconds; -1 if never. */
    public double earlierSeconds() {
        return earlierSeconds;
    }

    /**
     * What ran on average since {@link #earlierLoad()} was read, as the kernel's average implies
     * (it moves towards what runs with a time constant of 60 s); -1 if there is no earlier reading.
     */
    double levelSinceEarlier() {
        if (earlierLoad < 0 || earlierSeconds <= 0 || load < 0) {
            return -1;
        }
        double kept = Math.exp(-earlierSeconds / 60);
        return Math.max(0, (load - earlierLoad * kept) / (1 - kept));
    }

    /** Tasks runnable now, the reader left out (the probe: the most it saw in the last 10 s); -1 if unknown (the portable path). */
    public int runningNow() {
        return runningNow;
    }

    /** Whether the kernel reports pressure here (all three figures). */
    public boolean reported() {
        return cpuSome >= 0 && memorySome >= 0 && ioSome >= 0;
    }

    /** {@code linux} (with PSI), {@code linux-load} (no PSI), {@code portable} or {@code described}. */
    public String source() {
        return source;
    }

    /** E.g. {@code pressure: cpu some 48 %, memory 0 %, io 3 %; load 7.1 (5 min: 6.5), 3 tasks running now}. */
    @Override
    public String toString() {
        return seenOn(0, null);
    }

    /**
     * As {@link #toString()}, the machine's cores and our part of the load said after the load: e.g.
     * {@code ...; load 2.8 (5 min: 3.7) on 2 cores, 0.00 of it ours, 0 tasks running now}.
     *
     * @param cores 0 to leave them out
     * @param ours  our part of the load in words; null to leave it out
     */
    String seenOn(int cores, String ours) {
        StringBuilder text = new StringBuilder();
        if (reported()) {
            text.append("pressure: cpu some ").append(percent(cpuSome)).append(" %, memory ").append(percent(memorySome))
                    .append(" %, io ").append(percent(ioSome)).append(" %; ");
        } else {
            text.append("no pressure reported (").append(source).append("); ");
        }
        text.append(load < 0 ? "load unknown" : "load " + Gigabytes.decimals(load, 1));
        if (load5 >= 0) {
            text.append(" (5 min: ").append(Gigabytes.decimals(load5, 1)).append(')');
        } else if (earlierLoad >= 0) {
            text.append(" (").append(Gigabytes.decimals(earlierLoad, 1)).append(' ').append(Math.round(earlierSeconds)).append(" s ago)");
        }
        if (cores > 0) {
            text.append(" on ").append(cores).append(cores == 1 ? " core" : " cores");
        }
        if (ours != null && load >= 0) {
            text.append(", ").append(ours).append(" of it ours");
        }
        if (runningNow >= 0) {
            text.append(", ").append(runningNow).append(runningNow == 1 ? " task running now" : " tasks running now");
        }
        return text.toString();
    }

    private static String percent(double value) {
        return Long.toString(Math.round(value));
    }
}

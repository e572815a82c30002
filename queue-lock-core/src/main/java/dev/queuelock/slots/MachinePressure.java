package dev.queuelock.slots;

/**
 * What the machine's scheduler says of its load at one moment: the share of the last ten seconds
 * in which some task stalled for CPU, memory or I/O (Linux's pressure stall information, "some
 * avg10" of {@code /proc/pressure/*}), and the one-minute load average (runnable tasks, and on
 * Linux those in uninterruptible I/O). Everyone's work counts in them, ours and others'. A figure
 * the machine does not report is -1: no pressure on macOS or kernels without PSI, no load average
 * where the JDK cannot tell it.
 */
public final class MachinePressure {

    /** Nothing known: no pressure, no load. */
    static final MachinePressure UNKNOWN = new MachinePressure(-1, -1, -1, -1, "unknown");

    private final double cpuSome;
    private final double memorySome;
    private final double ioSome;
    private final double load;
    private final String source;

    MachinePressure(double cpuSome, double memorySome, double ioSome, double load, String source) {
        this.cpuSome = cpuSome;
        this.memorySome = memorySome;
        this.ioSome = ioSome;
        this.load = load;
        this.source = source;
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

    /** Whether the kernel reports pressure here (all three figures). */
    public boolean reported() {
        return cpuSome >= 0 && memorySome >= 0 && ioSome >= 0;
    }

    /** {@code linux} (with PSI), {@code linux-load} (no PSI), {@code portable} or {@code described}. */
    public String source() {
        return source;
    }

    /** E.g. {@code pressure: cpu some 48 %, memory 0 %, io 3 %; load 7.1}. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        if (reported()) {
            text.append("pressure: cpu some ").append(percent(cpuSome)).append(" %, memory ").append(percent(memorySome))
                    .append(" %, io ").append(percent(ioSome)).append(" %; ");
        } else {
            text.append("no pressure reported (").append(source).append("); ");
        }
        return text.append(load < 0 ? "load unknown" : "load " + Gigabytes.decimals(load, 1)).toString();
    }

    private static String percent(double value) {
        return Long.toString(Math.round(value));
    }
}

package dev.queuelock.build.slots;

import dev.queuelock.process.Processes;
import java.time.Duration;
import java.util.Optional;

/**
 * What one build used while it held its slot: wall time, CPU time, peak memory, and so the cores
 * it kept busy ({@link #coresBusy()} = CPU / wall). {@code auto} reads the recent ones from the
 * {@link UsageHistory}.
 *
 * <p>Measured over the time the build held its slot, not its wait in the queue: waiting uses no
 * CPU and would make every queued build look idle. {@link #start()} when the slot is taken and
 * {@link #measureSince} at the session's end count exactly that time, right under mvnd too, where
 * one daemon process runs build after build (its peak memory is the daemon's whole life's).
 * Cheap on purpose, as it runs in every session, under fixed slots too ({@code auto} weighs every
 * build): on Linux one read of {@code /proc/self/stat} at the start and one each of
 * {@code /proc/self/stat}, {@code /proc/self/status} and {@code /proc/loadavg} at the end, nothing
 * started. Older versions under fixed slots kept times alone ({@value #TIMES_ONLY}): drawn, not weighed.
 *
 * <ul>
 * <li><b>CPU and peak memory</b>: the process's own, as its fact source reads them (on Linux with
 * the forks it has waited for, elsewhere without: {@code FactSource#ownCpuNanos},
 * {@code FactSource#ownPeakBytes}).
 * <li><b>Load</b>: the machine's one-minute load average as it ends ({@link #load()}), to tell
 * what it wanted from what it got.
 * <li><b>Whose</b>: the lane and process that held the slot and how long the session waited for it
 * ({@link #lane()}, {@link #pid()}, {@link #waitedMillis()}), so the watch's timeline can draw the
 * last hour's builds. Known as the slot is taken: nothing more is read for them.
 * </ul>
 */
public final class BuildUsage {

    /** The source of a build whose times alone older versions kept, under a fixed number of slots: {@value}. */
    static final String TIMES_ONLY = "times";

    private final long startEpochMillis;
    private final long wallMillis;
    private final long cpuMillis;
    private final long peakBytes;
    private final String source;
    private final double load;
    /** Null where not recorded (older lines, described builds). */
    private final String lane;
    /** 0 where not recorded. */
    private final long pid;
    /** -1 where not recorded. */
    private final long waitedMillis;
    /** The kind of work ({@link UsualHolds#kind}), null where not recorded (older lines). */
    private final String kind;

    BuildUsage(long startEpochMillis, long wallMillis, long cpuMillis, long peakBytes, String source) {
        this(startEpochMillis, wallMillis, cpuMillis, peakBytes, source, -1);
    }

    BuildUsage(long startEpochMillis, long wallMillis, long cpuMillis, long peakBytes, String source, double load) {
        this(startEpochMillis, wallMillis, cpuMillis, peakBytes, source, load, null, 0, -1, null);
    }

    private BuildUsage(long startEpochMillis, long wallMillis, long cpuMillis, long peakBytes, String source, double load, String lane,
            long pid, long waitedMillis, String kind) {
        this.startEpochMillis = startEpochMillis;
        this.wallMillis = wallMillis;
        this.cpuMillis = cpuMillis;
        this.peakBytes = peakBytes;
        this.source = source;
        this.load = load;
        this.lane = lane;
        this.pid = pid;
        this.waitedMillis = waitedMillis;
        this.kind = kind;
    }

    /** The same build, with the machine's load average as it ended ({@link #load()}). */
    public BuildUsage withLoad(double load) {
        return new BuildUsage(startEpochMillis, wallMillis, cpuMillis, peakBytes, source, load, lane, pid, waitedMillis, kind);
    }

    /**
     * The same build, held by process {@code pid} of {@code lane} after waiting {@code waitedMillis}
     * for its slot; null, 0 or -1 for what is not known.
     */
    public BuildUsage heldBy(String lane, long pid, long waitedMillis) {
        return new BuildUsage(startEpochMillis, wallMillis, cpuMillis, peakBytes, source, load, lane, pid, waitedMillis, kind);
    }

    /** The same build, of the kind of work {@code kind} ({@link UsualHolds#kind}); null where not known. */
    public BuildUsage ofKind(String kind) {
        return new BuildUsage(startEpochMillis, wallMillis, cpuMillis, peakBytes, source, load, lane, pid, waitedMillis, kind);
    }

    /** A build described, not measured (tests, the docs' examples). */
    public static BuildUsage described(long startEpochMillis, Duration wall, double coresBusy, long peakBytes) {
        if (wall.isNegative() || wall.isZero() || coresBusy < 0) {
            throw new IllegalArgumentException("a build takes some time and no negative CPU: " + wall + ", " + coresBusy);
        }
        return new BuildUsage(startEpochMillis, wall.toMillis(), Math.round(wall.toMillis() * coresBusy), peakBytes, "described");
    }

    /** Notes where the build starts: call when the slot is taken. One read of {@code /proc/self/stat} on Linux. */
    public static Start start() {
        return start(FactSource.current());
    }

    /** {@link #start()} of work of {@code kind} ({@link UsualHolds#kind}) in {@code lane}, after {@code waitedMillis} in the queue. */
    public static Start start(String lane, long waitedMillis, String kind) {
        return start(FactSource.current(), lane, waitedMillis, kind);
    }

    static Start start(FactSource source) {
        return start(source, null, -1, null);
    }

    private static Start start(FactSource source, String lane, long waitedMillis, String kind) {
        return new Start(System.nanoTime(), System.currentTimeMillis(), source.ownCpuNanos(), source, lane, waitedMillis, kind);
    }

    /**
     * What the build used since {@code start}: call at the session's end, after the build's forks
     * have ended. Never fails: a figure that cannot be read is -1 ({@code auto} skips such builds).
     */
    public static BuildUsage measureSince(Start start) {
        long wallMillis = (System.nanoTime() - start.nanos) / 1_000_000;
        // The process layer's pid, which the lock has read already: ProcessHandle would set up the JDK's process machinery.
        long pid = Processes.current().ownPid();
        long cpu = start.source.ownCpuNanos();
        long cpuMillis = cpu < 0 || start.cpuNanos < 0 ? -1 : (cpu - start.cpuNanos) / 1_000_000;
        double load = start.source == FactSource.LINUX ? FactSource.oneMinuteLoad() : MachineProbe.of(start.source).load();
        return new BuildUsage(start.epochMillis, wallMillis, cpuMillis, start.source.ownPeakBytes(), start.source.label(), load, start.lane,
                pid, start.waitedMillis, start.kind);
    }

    /** When the build took its slot, epoch milliseconds: what tells which builds ran at the same time. */
    public long startEpochMillis() {
        return startEpochMillis;
    }

    /** How long it held its slot. */
    public Duration wall() {
        return Duration.ofMillis(wallMillis);
    }

    /** CPU time it used (with its forks, on Linux); negative if unknown. */
    public Duration cpu() {
        return Duration.ofMillis(cpuMillis);
    }

    /** Peak resident memory of the Maven JVM, in bytes; -1 if unknown. */
    public long peakBytes() {
        return peakBytes;
    }

    /** The cores it kept busy on average: CPU time / wall time. */
    public double coresBusy() {
        return wallMillis <= 0 ? 0 : cpuMillis / (double) wallMillis;
    }

    /**
     * The machine's one-minute load average as the build ended (everyone's runnable work over about
     * the last minute of its hold, its own included); -1 if unknown. Where it was above the cores,
     * the build got a share of the CPU it wanted, not all of it ({@link RecentBuilds}).
     */
    public double load() {
        return load;
    }

    /** {@code linux}, {@code portable} (CPU without forks), {@code described} or {@value #TIMES_ONLY} (no figure: older records). */
    public String source() {
        return source;
    }

    /** How long it held its slot, in milliseconds. */
    public long wallMillis() {
        return wallMillis;
    }

    /** CPU time it used, in milliseconds (with its forks, on Linux); -1 if unknown. */
    public long cpuMillis() {
        return cpuMillis;
    }

    /** When the build gave its slot back, epoch milliseconds. */
    public long endEpochMillis() {
        return startEpochMillis + wallMillis;
    }

    /** The lane whose build it was; empty in older records. */
    public Optional<String> lane() {
        return Optional.ofNullable(lane);
    }

    /** The process that held the slot (an mvnd daemon's for a build in it); 0 in older records. */
    public long pid() {
        return pid;
    }

    /** The kind of work it was ({@link UsualHolds#kind}, e.g. the goals); empty in older records. */
    public Optional<String> kind() {
        return Optional.ofNullable(kind);
    }

    /** How long the session waited for its slot before the build; -1 in older records. */
    public long waitedMillis() {
        return waitedMillis;
    }

    /** Whether every figure {@code auto} uses is known and sane. */
    boolean complete() {
        return timed() && cpuMillis >= 0 && peakBytes > 0;
    }

    /** Whether when it held its slot is known: enough for the watch's timeline. */
    boolean timed() {
        return startEpochMillis > 0 && wallMillis > 0;
    }

    @Override
    public String toString() {
        return "held " + Math.round(wallMillis / 1000.0) + " s, CPU " + Math.round(cpuMillis / 1000.0) + " s ("
                + Gigabytes.cores(coresBusy()) + " cores busy), peak " + Gigabytes.format(peakBytes) + " GB"
                + (load < 0 ? "" : ", load " + Gigabytes.decimals(load, 1)) + " (" + source + ")";
    }

    /** Where a build started: wall clock, monotonic clock and the CPU the process had used by then. */
    public static final class Start {
        private final long nanos;
        private final long epochMillis;
        private final long cpuNanos;
        private final FactSource source;
        private final String lane;
        private final long waitedMillis;
        private final String kind;

        private Start(long nanos, long epochMillis, long cpuNanos, FactSource source, String lane, long waitedMillis, String kind) {
            this.nanos = nanos;
            this.epochMillis = epochMillis;
            this.cpuNanos = cpuNanos;
            this.source = source;
            this.lane = lane;
            this.waitedMillis = waitedMillis;
            this.kind = kind;
        }
    }
}

package dev.queuelock;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Who holds or waits: the JSON of a {@code lock} file or a ticket,
 * {@code {"pid","lane","label","ts"}} as the npm tool writes it, plus our {@code start}, and the
 * {@code host} where a backend spans machines, {@code in} where the holder's process runs builds
 * for others (a build daemon), {@code slots} (with {@code slotsAuto}) where the queue had other
 * than one fixed slot as it enrolled, so {@code status} can say so without being given the setting,
 * and {@code output}, the directory of the holder's output when it is not where it was started.
 */
public final class LockRecord {

    /**
     * The lane of a waiter whose ticket has no readable body: most often read in the moment between
     * its creation and its body's write (a ticket is created in place, then filled). Its place is
     * known, not who it is.
     */
    public static final String UNKNOWN_LANE = "?";

    private final long pid;
    private final String lane;
    private final String label;
    private final long ts;
    private final String start;
    private final String host;
    private final String runsIn;
    /** 0: not recorded (one fixed slot, or the npm tool). */
    private final int slots;
    private final boolean slotsAuto;
    /**
     * 0 for an ordinary waiter; for one of high priority, when it really enrolled: its {@link #ts}
     * is the place it was given, ahead of ordinary waiters that enrolled before it.
     */
    private final long highSince;
    /** Null: the output goes where the holder was started. */
    private final String output;

    /**
     * @param label may be null (no label)
     * @param start the process start token (see {@code ProcessStart}); null when written by a tool
     *              that does not record it
     */
    public LockRecord(long pid, String lane, String label, long ts, String start) {
        this(pid, lane, label, ts, start, null);
    }

    /** @param host the machine the process runs on; null where every record is from this machine */
    public LockRecord(long pid, String lane, String label, long ts, String start, String host) {
        this(pid, lane, label, ts, start, host, null, 0, false, 0, null);
    }

    private LockRecord(long pid, String lane, String label, long ts, String start, String host, String runsIn, int slots,
            boolean slotsAuto, long highSince, String output) {
        this.highSince = highSince;
        this.output = output;
        this.runsIn = runsIn;
        this.slots = slots;
        this.slotsAuto = slotsAuto;
        this.pid = pid;
        this.lane = Objects.requireNonNull(lane, "lane");
        this.label = label;
        this.ts = ts;
        this.start = start;
        this.host = host;
    }

    public long pid() {
        return pid;
    }

    public String lane() {
        return lane;
    }

    /** Whether {@link #lane()} names a lane, not {@link #UNKNOWN_LANE}. */
    public boolean laneKnown() {
        return !UNKNOWN_LANE.equals(lane);
    }

    public Optional<String> label() {
        return Optional.ofNullable(label);
    }

    /** Epoch milliseconds: when the lock was taken, or when the ticket was enrolled. */
    public long ts() {
        return ts;
    }

    /** The process start token, absent in records of the npm tool. */
    public Optional<String> start() {
        return Optional.ofNullable(start);
    }

    /** The host name of a record from a backend that spans machines; absent in the file backend. */
    public Optional<String> host() {
        return Optional.ofNullable(host);
    }

    /** The kind of process {@code pid} is when it runs builds for others, e.g. a build daemon's name as the holder gave it; absent when it is the build's own. */
    public Optional<String> runsIn() {
        return Optional.ofNullable(runsIn);
    }

    /** This record with {@link #runsIn()} set; {@code null} clears it. */
    public LockRecord withRunsIn(String process) {
        return Objects.equals(process, runsIn) ? this : new LockRecord(pid, lane, label, ts, start, host, process, slots, slotsAuto, highSince, output);
    }

    /**
     * Where the holder's output goes when not where it was started: a directory, one file per run
     * of its work, the newest being the current one. Absent: where it was started.
     */
    public Optional<String> output() {
        return Optional.ofNullable(output);
    }

    /** This record with {@link #output()} set; {@code null} clears it. */
    public LockRecord withOutput(String where) {
        return Objects.equals(where, output) ? this
                : new LockRecord(pid, lane, label, ts, start, host, runsIn, slots, slotsAuto, highSince, where);
    }

    /**
     * How many slots the queue had as this holder or waiter enrolled: the number it was told and
     * whether {@code auto} decided it. Empty where not recorded: one fixed slot, or the npm tool.
     */
    public OptionalInt slots() {
        return slots > 0 ? OptionalInt.of(slots) : OptionalInt.empty();
    }

    /** Whether {@link #slots()} was decided by {@code queuelock.build.slots=auto}. */
    public boolean slotsAuto() {
        return slotsAuto;
    }

    /** This record with {@link #slots()} set: {@code count} 0 clears it. */
    public LockRecord withSlots(int count, boolean auto) {
        int recorded = Math.max(0, count);
        if (recorded == slots && (recorded > 0 && auto) == slotsAuto) {
            return this;
        }
        return new LockRecord(pid, lane, label, ts, start, host, runsIn, recorded, recorded > 0 && auto, highSince, output);
    }

    /** This record, taken or enrolled at {@code newTs} (epoch milliseconds). */
    public LockRecord at(long newTs) {
        return new LockRecord(pid, lane, label, newTs, start, host, runsIn, slots, slotsAuto, highSince, output);
    }

    /**
     * This record as a waiter of high priority that enrolled at {@code enrolledAt} (epoch ms):
     * its {@link #ts} is then the place it is given in line, which may be earlier.
     */
    public LockRecord withHighPriority(long enrolledAt) {
        return new LockRecord(pid, lane, label, ts, start, host, runsIn, slots, slotsAuto, Math.max(0, enrolledAt), output);
    }

    /** Whether this waiter (or the holder it became) asked for high priority: a place ahead of ordinary waiters. */
    public boolean highPriority() {
        return highSince > 0;
    }

    /** When this waiter really enrolled: its {@link #ts}, unless high priority placed it earlier in line. */
    public long enrolledAt() {
        return highSince > 0 ? highSince : ts;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof LockRecord)) {
            return false;
        }
        LockRecord r = (LockRecord) o;
        return pid == r.pid && ts == r.ts && lane.equals(r.lane) && Objects.equals(label, r.label)
                && Objects.equals(start, r.start) && Objects.equals(host, r.host) && Objects.equals(runsIn, r.runsIn)
                && slots == r.slots && slotsAuto == r.slotsAuto && highSince == r.highSince && Objects.equals(output, r.output);
    }

    @Override
    public int hashCode() {
        return Objects.hash(pid, lane, label, ts, start, host, runsIn, slots, slotsAuto, highSince, output);
    }

    /**
     * How every wait line and status names a holder or waiter: {@code lane a (verify), pid 4242 [on host]},
     * or {@code lane a (verify), in <daemon> 4242}: the daemon is not the build, and stopping it
     * stops every build it runs.
     * A label that only repeats the lane name (a holder labelled with its branch, which is often its
     * directory's name too) is left out: {@code lane a, pid 4242}, not {@code lane a (a)}.
     */
    public String describe() {
        return "lane " + lane + (label == null || label.equals(lane) ? "" : " (" + label + ")")
                + (runsIn == null ? ", " : ", in ") + process() + (host == null ? "" : " on " + host);
    }

    /** The process to name for this record: {@code pid 4242}, or {@code <daemon> 4242} where it runs builds for others. */
    public String process() {
        return (runsIn == null ? "pid" : runsIn) + " " + pid;
    }

    @Override
    public String toString() {
        return describe();
    }
}

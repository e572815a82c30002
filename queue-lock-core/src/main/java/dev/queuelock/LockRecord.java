package dev.queuelock;

import java.util.Objects;
import java.util.Optional;

/**
 * Who holds or waits: the JSON of a {@code lock} file or a ticket,
 * {@code {"pid","lane","label","ts"}} as the npm tool writes it, plus our {@code start}, and the
 * {@code host} where a backend spans machines.
 */
public final class LockRecord {

    private final long pid;
    private final String lane;
    private final String label;
    private final long ts;
    private final String start;
    private final String host;

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

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof LockRecord)) {
            return false;
        }
        LockRecord r = (LockRecord) o;
        return pid == r.pid && ts == r.ts && lane.equals(r.lane) && Objects.equals(label, r.label)
                && Objects.equals(start, r.start) && Objects.equals(host, r.host);
    }

    @Override
    public int hashCode() {
        return Objects.hash(pid, lane, label, ts, start, host);
    }

    /**
     * How every wait line and status names a holder or waiter: {@code lane a (verify), pid 4242 [on host]}.
     * A label that only repeats the lane (a land queue's record is labelled with the lane's branch,
     * often its directory's name too) is left out: {@code lane a, pid 4242}, not {@code lane a (a)}.
     */
    public String describe() {
        return "lane " + lane + (label == null || label.equals(lane) ? "" : " (" + label + ")") + ", pid " + pid
                + (host == null ? "" : " on " + host);
    }

    @Override
    public String toString() {
        return describe();
    }
}

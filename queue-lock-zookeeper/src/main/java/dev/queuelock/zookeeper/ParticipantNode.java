package dev.queuelock.zookeeper;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.json.RecordJson;
import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * What a participant node of the queue's {@code InterProcessMutex} says in its bytes: the file
 * backend's record JSON (core's {@link RecordJson}) with {@code host}, and {@code held} once its
 * owner has taken the lock (then {@code ts} is when it took it; before, when it joined the line).
 */
final class ParticipantNode {

    private static final String HELD = "held";

    /** Resolved once: a slow resolver must not slow every enrollment. */
    static final String HOST = localHost();

    /** The node's name; null for a ticket not yet written. */
    final String name;
    /** Null for a node whose bytes are not a ticket (a foreign participant): it is still in line. */
    final LockRecord record;
    final boolean held;

    ParticipantNode(String name, LockRecord record, boolean held) {
        this.name = name;
        this.record = record;
        this.held = held;
    }

    /** This process's ticket, stamped now. */
    static ParticipantNode mine(String lane, AcquireOptions options, boolean held) {
        return new ParticipantNode(null, new LockRecord(ProcessHandle.current().pid(), lane, options.label(), System.currentTimeMillis(),
                null, HOST).withRunsIn(options.runsIn()).withOutput(options.output()), held);
    }

    byte[] bytes() {
        return RecordJson.encode(record, held ? HELD : null);
    }

    /** A node whose bytes are no record (a foreign participant) is still in line, with a null record. */
    static ParticipantNode of(String name, byte[] data) {
        LockRecord record = data == null ? null : RecordJson.decode(data).orElse(null);
        return new ParticipantNode(name, record, record != null && RecordJson.hasFlag(data, HELD));
    }

    /**
     * The record as a holder's: one not yet marked held is being taken this very moment, so it has
     * held for no time (its ts is still when it joined the line).
     */
    LockRecord asHolder(long nowMillis) {
        if (record == null || held) {
            return record;
        }
        return record.at(nowMillis);
    }

    private static String localHost() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            String env = System.getenv("HOSTNAME");
            return env == null || env.isEmpty() ? "unknown-host" : env;
        }
    }
}

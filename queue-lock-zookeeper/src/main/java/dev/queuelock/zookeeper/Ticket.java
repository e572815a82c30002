package dev.queuelock.zookeeper;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.queuelock.LockRecord;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;

/**
 * What a participant node of the queue's {@code InterProcessMutex} says in its bytes: the file
 * backend's record JSON plus {@code host}, and {@code held} once its owner has taken the lock
 * (then {@code ts} is when it took it; before, when it joined the line).
 */
final class Ticket {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Resolved once: a slow resolver must not slow every enrollment. */
    static final String HOST = localHost();

    /** The node's name; null for a ticket not yet written. */
    final String name;
    /** Null for a node whose bytes are not a ticket (a foreign participant): it is still in line. */
    final LockRecord record;
    final boolean held;

    Ticket(String name, LockRecord record, boolean held) {
        this.name = name;
        this.record = record;
        this.held = held;
    }

    /** This process's ticket, stamped now. */
    static Ticket mine(String lane, String label, boolean held) {
        return new Ticket(null, new LockRecord(ProcessHandle.current().pid(), lane, label, System.currentTimeMillis(),
                null, HOST), held);
    }

    byte[] bytes() {
        ObjectNode node = JSON.createObjectNode();
        node.put("pid", record.pid());
        node.put("lane", record.lane());
        record.label().ifPresent(l -> node.put("label", l));
        node.put("ts", record.ts());
        record.host().ifPresent(h -> node.put("host", h));
        if (held) {
            node.put("held", true);
        }
        return node.toString().getBytes(StandardCharsets.UTF_8);
    }

    static Ticket of(String name, byte[] data) {
        try {
            JsonNode node = JSON.readTree(new String(data, StandardCharsets.UTF_8));
            if (node == null || !node.has("pid") || !node.has("lane")) {
                return new Ticket(name, null, false);
            }
            JsonNode label = node.get("label");
            JsonNode host = node.get("host");
            LockRecord record = new LockRecord(node.get("pid").asLong(), node.get("lane").asText(),
                    label == null || label.isNull() ? null : label.asText(), node.path("ts").asLong(), null,
                    host == null || host.isNull() ? null : host.asText());
            return new Ticket(name, record, node.path("held").asBoolean(false));
        } catch (IOException | RuntimeException e) {
            return new Ticket(name, null, false);
        }
    }

    /**
     * The record as a holder's: one not yet marked held is being taken this very moment, so it has
     * held for no time (its ts is still when it joined the line).
     */
    LockRecord asHolder(long nowMillis) {
        if (record == null || held) {
            return record;
        }
        return new LockRecord(record.pid(), record.lane(), record.label().orElse(null), nowMillis, null,
                record.host().orElse(null));
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

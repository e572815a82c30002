package dev.queuelock.zookeeper;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.queuelock.LockRecord;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;

/** A ticket znode's data: the file backend's record JSON plus {@code host}. */
final class TicketCodec {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Resolved once: a slow resolver must not slow every enrollment. */
    static final String HOST = localHost();

    private TicketCodec() {
    }

    static byte[] encode(LockRecord record) {
        ObjectNode node = JSON.createObjectNode();
        node.put("pid", record.pid());
        node.put("lane", record.lane());
        record.label().ifPresent(l -> node.put("label", l));
        node.put("ts", record.ts());
        record.host().ifPresent(h -> node.put("host", h));
        return node.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** The record, or null for data that is not one (a foreign node): such a node is still in line. */
    static LockRecord decode(byte[] data) {
        try {
            JsonNode node = JSON.readTree(new String(data, StandardCharsets.UTF_8));
            if (node == null || !node.has("pid") || !node.has("lane")) {
                return null;
            }
            JsonNode label = node.get("label");
            JsonNode host = node.get("host");
            return new LockRecord(node.get("pid").asLong(), node.get("lane").asText(),
                    label == null || label.isNull() ? null : label.asText(), node.path("ts").asLong(), null,
                    host == null || host.isNull() ? null : host.asText());
        } catch (IOException | RuntimeException e) {
            return null;
        }
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

package dev.queuelock.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.queuelock.LockRecord;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The JSON of lock files and tickets, byte-compatible with the npm tool's
 * {@code JSON.stringify({pid, lane, label, ts})}: same key order, no whitespace, no {@code label}
 * key when there is none. Our extra {@code start} key comes last; the npm tool ignores it.
 */
final class RecordCodec {

    /** A record is a few hundred bytes; anything larger is not one of ours, nor the npm tool's. */
    static final int MAX_RECORD_BYTES = 64 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper();

    private RecordCodec() {
    }

    static byte[] encode(LockRecord record) {
        ObjectNode node = JSON.createObjectNode();
        node.put("pid", record.pid());
        node.put("lane", record.lane());
        record.label().ifPresent(label -> node.put("label", label));
        node.put("ts", record.ts());
        record.start().ifPresent(start -> node.put("start", start));
        try {
            return JSON.writeValueAsBytes(node);
        } catch (IOException e) {
            throw new IllegalStateException("cannot happen: encoding a tree of strings and numbers", e);
        }
    }

    /** Empty for anything that is not a whole, valid record: empty, truncated, garbage or huge. */
    static Optional<LockRecord> decode(InputStream in) throws IOException {
        return decode(in.readNBytes(MAX_RECORD_BYTES + 1));
    }

    static Optional<LockRecord> decode(byte[] bytes) {
        if (bytes.length == 0 || bytes.length > MAX_RECORD_BYTES) {
            return Optional.empty();
        }
        try {
            JsonNode node = JSON.readTree(new String(bytes, StandardCharsets.UTF_8));
            if (node == null || !node.isObject()) {
                return Optional.empty();
            }
            JsonNode pid = node.get("pid");
            JsonNode ts = node.get("ts");
            if (pid == null || !pid.canConvertToLong() || !pid.isIntegralNumber() || pid.asLong() <= 0
                    || ts == null || !ts.isNumber()) {
                return Optional.empty();
            }
            return Optional.of(new LockRecord(pid.asLong(), text(node, "lane", ""), text(node, "label", null),
                    ts.asLong(), text(node, "start", null)));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static String text(JsonNode node, String field, String fallback) {
        JsonNode value = node.get(field);
        return value != null && value.isTextual() ? value.asText() : fallback;
    }
}

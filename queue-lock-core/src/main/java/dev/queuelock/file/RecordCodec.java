package dev.queuelock.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.LockRecord;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * The JSON of lock files and tickets, byte-compatible with the npm tool's
 * {@code JSON.stringify({pid, lane, label, ts})}: same key order, no whitespace, no {@code label}
 * key when there is none, same string escapes. Our extra {@code start} key comes last; the npm
 * tool ignores it. Reading is lenient (any valid JSON object with the fields).
 */
final class RecordCodec {

    /** A record is a few hundred bytes; anything larger is not one of ours, nor the npm tool's. */
    static final int MAX_RECORD_BYTES = 64 * 1024;

    private static final ObjectMapper JSON = new ObjectMapper();

    private RecordCodec() {
    }

    static byte[] encode(LockRecord record) {
        StringBuilder json = new StringBuilder(128).append("{\"pid\":").append(record.pid()).append(",\"lane\":");
        quote(json, record.lane());
        record.label().ifPresent(label -> quote(json.append(",\"label\":"), label));
        json.append(",\"ts\":").append(record.ts());
        record.start().ifPresent(start -> quote(json.append(",\"start\":"), start));
        return json.append('}').toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Quotes as ECMAScript's {@code JSON.stringify} does (Jackson differs: upper-case hex, and it
     * cannot write a lone surrogate): short escapes for \b \f \n \r \t, a four-hex-digit escape in lower
     * case for other controls and for lone surrogates, everything else literal.
     */
    private static void quote(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\b': out.append("\\b"); break;
                case '\f': out.append("\\f"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                default:
                    boolean pairedHigh = Character.isHighSurrogate(c) && i + 1 < s.length()
                            && Character.isLowSurrogate(s.charAt(i + 1));
                    boolean pairedLow = Character.isLowSurrogate(c) && i > 0 && Character.isHighSurrogate(s.charAt(i - 1));
                    if (c < 0x20 || (Character.isSurrogate(c) && !pairedHigh && !pairedLow)) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
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

package dev.queuelock.file;

import dev.queuelock.LockRecord;
import dev.queuelock.json.JsonReader;
import dev.queuelock.json.JsonWriter;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
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

    private RecordCodec() {
    }

    static byte[] encode(LockRecord record) {
        StringBuilder json = new StringBuilder(128).append("{\"pid\":").append(record.pid()).append(",\"lane\":");
        JsonWriter.quote(json, record.lane());
        record.label().ifPresent(label -> JsonWriter.quote(json.append(",\"label\":"), label));
        json.append(",\"ts\":").append(record.ts());
        record.start().ifPresent(start -> JsonWriter.quote(json.append(",\"start\":"), start));
        return json.append('}').toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Empty for anything that is not a whole, valid record: empty, truncated, garbage or huge. */
    static Optional<LockRecord> decode(InputStream in) throws IOException {
        return decode(in.readNBytes(MAX_RECORD_BYTES + 1));
    }

    static Optional<LockRecord> decode(byte[] bytes) {
        if (bytes.length == 0 || bytes.length > MAX_RECORD_BYTES) {
            return Optional.empty();
        }
        Object parsed;
        try {
            parsed = JsonReader.parse(new String(bytes, StandardCharsets.UTF_8));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        if (!(parsed instanceof Map)) {
            return Optional.empty();
        }
        Map<?, ?> node = (Map<?, ?>) parsed;
        Object pid = node.get("pid");
        Object ts = node.get("ts");
        // A ts beyond a long (1e400) is garbage; checked before longValue(), which would expand it.
        if (!isPositiveLong(pid) || !(ts instanceof BigDecimal)
                || ((BigDecimal) ts).precision() - ((BigDecimal) ts).scale() > 19) {
            return Optional.empty();
        }
        return Optional.of(new LockRecord(((BigDecimal) pid).longValueExact(), text(node, "lane", ""), text(node, "label", null),
                ((BigDecimal) ts).longValue(), text(node, "start", null)));
    }

    private static boolean isPositiveLong(Object value) {
        if (!(value instanceof BigDecimal) || ((BigDecimal) value).scale() > 0 || ((BigDecimal) value).signum() <= 0) {
            return false;
        }
        try {
            ((BigDecimal) value).longValueExact();
            return true;
        } catch (ArithmeticException e) {
            return false;
        }
    }

    private static String text(Map<?, ?> node, String field, String fallback) {
        Object value = node.get(field);
        return value instanceof String ? (String) value : fallback;
    }
}

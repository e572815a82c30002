package dev.queuelock.json;

import dev.queuelock.LockRecord;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;

/**
 * The JSON of a {@link LockRecord}, one codec for every backend: the file backend's lock files and
 * tickets, byte-compatible with the npm tool's {@code JSON.stringify({pid, lane, label, ts})} (same
 * key order, no whitespace, no {@code label} key when there is none, same string escapes), and the
 * ZooKeeper backend's participant nodes. Our extra keys come last - {@code start}, {@code host},
 * {@code in}, {@code output}, {@code slots}, {@code priority} and {@code enrolled} (a waiter placed ahead), then a backend's flags - and the npm tool ignores them. Reading is lenient (any valid JSON object
 * with the fields).
 */
public final class RecordJson {

    /** A record is a few hundred bytes; anything larger is not one of ours, nor the npm tool's. */
    public static final int MAX_RECORD_BYTES = 64 * 1024;

    private RecordJson() {
    }

    public static byte[] encode(LockRecord record) {
        return encode(record, null);
    }

    /** @param flag a key written as {@code "flag":true} after the record's own (e.g. ZooKeeper's {@code held}); null for none */
    public static byte[] encode(LockRecord record, String flag) {
        StringBuilder json = new StringBuilder(128).append("{\"pid\":").append(record.pid()).append(",\"lane\":");
        JsonWriter.quote(json, record.lane());
        optional(json, "label", record.label());
        json.append(",\"ts\":").append(record.ts());
        optional(json, "start", record.start());
        optional(json, "host", record.host());
        optional(json, "in", record.runsIn());
        optional(json, "output", record.output());
        if (record.slots().isPresent()) {
            json.append(",\"slots\":").append(record.slots().getAsInt());
            if (record.slotsAuto()) {
                json.append(",\"slotsAuto\":true");
            }
        }
        if (record.highPriority()) {
            json.append(",\"priority\":\"high\",\"enrolled\":").append(record.enrolledAt());
        }
        if (flag != null) {
            JsonWriter.quote(json.append(','), flag);
            json.append(":true");
        }
        return json.append('}').toString().getBytes(StandardCharsets.UTF_8);
    }

    /** {@code ,"key":"value"} if there is a value (plain code, no lambda: every build's session writes a record). */
    private static void optional(StringBuilder json, String key, Optional<String> value) {
        if (value.isPresent()) {
            JsonWriter.quote(json.append(",\"").append(key).append("\":"), value.get());
        }
    }

    /** Empty for anything that is not a whole, valid record: empty, truncated, garbage or huge. */
    public static Optional<LockRecord> decode(byte[] bytes) {
        Map<?, ?> node = object(bytes);
        if (node == null) {
            return Optional.empty();
        }
        Object pid = node.get("pid");
        Object ts = node.get("ts");
        // A ts beyond a long (1e400) is garbage; checked before longValue(), which would expand it.
        if (!isPositiveLong(pid) || !(ts instanceof BigDecimal)
                || ((BigDecimal) ts).precision() - ((BigDecimal) ts).scale() > 19) {
            return Optional.empty();
        }
        LockRecord record = new LockRecord(((BigDecimal) pid).longValueExact(), text(node, "lane", ""), text(node, "label", null),
                ((BigDecimal) ts).longValue(), text(node, "start", null), text(node, "host", null)).withRunsIn(text(node, "in", null))
                .withOutput(text(node, "output", null))
                .withSlots(slots(node.get("slots")), Boolean.TRUE.equals(node.get("slotsAuto")));
        return Optional.of("high".equals(node.get("priority")) ? record.withHighPriority(enrolled(node.get("enrolled"), record)) : record);
    }

    /** When a high-priority waiter really enrolled; its ts where not readable. */
    private static long enrolled(Object value, LockRecord record) {
        return isPositiveLong(value) ? ((BigDecimal) value).longValueExact() : record.ts();
    }

    /** A recorded slot count, or 0 for none or anything that is not a whole number of 1 or more. */
    private static int slots(Object value) {
        if (!isPositiveLong(value) || ((BigDecimal) value).compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
            return 0;
        }
        return ((BigDecimal) value).intValueExact();
    }

    /** Whether the record's JSON carries {@code "flag":true} (see {@link #encode(LockRecord, String)}). */
    public static boolean hasFlag(byte[] bytes, String flag) {
        Map<?, ?> node = object(bytes);
        return node != null && Boolean.TRUE.equals(node.get(flag));
    }

    private static Map<?, ?> object(byte[] bytes) {
        if (bytes.length == 0 || bytes.length > MAX_RECORD_BYTES) {
            return null;
        }
        try {
            Object parsed = JsonReader.parse(new String(bytes, StandardCharsets.UTF_8));
            return parsed instanceof Map ? (Map<?, ?>) parsed : null;
        } catch (IllegalArgumentException e) {
            return null;
        }
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

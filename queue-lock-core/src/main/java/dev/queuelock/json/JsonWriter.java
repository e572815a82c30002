package dev.queuelock.json;

import java.util.List;
import java.util.Map;

/**
 * Writes {@code Map}, {@code List}, {@code String}, {@code Number}, {@code Boolean} and {@code null}
 * as JSON, strings quoted as ECMAScript's {@code JSON.stringify} quotes them, so what the core
 * writes is byte-identical to what the npm tool writes for the same values.
 */
public final class JsonWriter {

    private JsonWriter() {
    }

    /** Indented by two spaces per level, for people and {@code jq} alike. */
    public static String pretty(Object value) {
        StringBuilder out = new StringBuilder(256);
        write(out, value, 0);
        return out.toString();
    }

    private static void write(StringBuilder out, Object value, int indent) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof String) {
            quote(out, (String) value);
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else if (value instanceof Map) {
            writeObject(out, (Map<?, ?>) value, indent);
        } else if (value instanceof List) {
            writeArray(out, (List<?>) value, indent);
        } else {
            throw new IllegalArgumentException("not a JSON value: " + value.getClass().getName());
        }
    }

    private static void writeObject(StringBuilder out, Map<?, ?> map, int indent) {
        if (map.isEmpty()) {
            out.append("{}");
            return;
        }
        out.append('{');
        boolean first = true;
        for (Map.Entry<?, ?> e : map.entrySet()) {
            if (!first) {
                out.append(',');
            }
            first = false;
            newline(out, indent + 1);
            quote(out, String.valueOf(e.getKey()));
            out.append(": ");
            write(out, e.getValue(), indent + 1);
        }
        newline(out, indent);
        out.append('}');
    }

    private static void writeArray(StringBuilder out, List<?> list, int indent) {
        if (list.isEmpty()) {
            out.append("[]");
            return;
        }
        out.append('[');
        for (int i = 0; i < list.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            newline(out, indent + 1);
            write(out, list.get(i), indent + 1);
        }
        newline(out, indent);
        out.append(']');
    }

    private static void newline(StringBuilder out, int indent) {
        out.append('\n');
        for (int i = 0; i < indent; i++) {
            out.append("  ");
        }
    }

    /**
     * Quotes as {@code JSON.stringify} does: short escapes for \b \f \n \r \t, a four-hex-digit
     * escape in lower case for other controls and for lone surrogates, everything else literal.
     */
    public static void quote(StringBuilder out, String s) {
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
}

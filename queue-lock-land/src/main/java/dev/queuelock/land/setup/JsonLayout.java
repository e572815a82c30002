package dev.queuelock.land.setup;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JSON document edited in place, in its own style: a member is added, or a string value
 * replaced, and every other byte stays as it was. What is added follows the file: its line
 * ending, its indentation unit, its key-value separator, its arrays inline ({@code [{}) or
 * expanded, or all on one line if the file is. People write {@code .claude/settings.json} by
 * hand; re-serializing it would reformat all of it.
 */
final class JsonLayout {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern INDENT = Pattern.compile("\\n([ \\t]+)\"");
    private static final Pattern SEPARATOR = Pattern.compile("\"([ \\t]*:[ \\t]*)[\\[{\"\\w-]");
    private static final Pattern INLINE_ARRAY = Pattern.compile("\\[[ \\t]*[{\\[\"\\w-]");
    private static final Pattern EXPANDED_ARRAY = Pattern.compile("\\[[ \\t]*\\r?\\n");

    private final String text;
    /** Offset of each container's opening and closing bracket, by JSON pointer ("" is the root). */
    private final Map<String, int[]> containers = new HashMap<>();
    /** Each member (from its key) and array element, by JSON pointer: [start, end) in the text. */
    private final Map<String, int[]> values = new HashMap<>();

    JsonLayout(String text) {
        this.text = text;
        try (JsonParser p = JSON.getFactory().createParser(text)) {
            Deque<Object[]> open = new ArrayDeque<>(); // {pointer, array?, field, key offset, next index}
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                int at = (int) p.getTokenLocation().getCharOffset();
                Object[] parent = open.peek();
                if (t == JsonToken.FIELD_NAME) {
                    parent[2] = p.getCurrentName();
                    parent[3] = at;
                } else if (t.isStructEnd()) {
                    String pointer = (String) open.pop()[0];
                    containers.get(pointer)[1] = at;
                    values.computeIfPresent(pointer, (k, span) -> new int[] {span[0], at + 1});
                } else {
                    String pointer = parent == null ? "" : parent[0] + "/" + ((Boolean) parent[1] ? parent[4] : parent[2]);
                    if (parent != null) {
                        boolean array = (Boolean) parent[1];
                        if (array) {
                            parent[4] = (Integer) parent[4] + 1;
                        }
                        p.getText(); // reads a string to its end: the location is after it now
                        values.put(pointer, new int[] {array ? at : (Integer) parent[3], (int) p.getCurrentLocation().getCharOffset()});
                    }
                    if (t.isStructStart()) {
                        open.push(new Object[] {pointer, t == JsonToken.START_ARRAY, null, -1, 0});
                        containers.put(pointer, new int[] {at, -1});
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The document without the member or element at {@code pointer} and the comma that separated
     * it from a neighbour; the whitespace around the others stays as it was.
     */
    String remove(String pointer) {
        int[] span = values.get(pointer);
        int before = lastNonBlankBefore(span[0]);
        if (text.charAt(before) == ',') {
            return text.substring(0, before) + text.substring(span[1]);
        }
        int after = span[1];
        while (after < text.length() && Character.isWhitespace(text.charAt(after))) {
            after++;
        }
        if (text.charAt(after) == ',') { // the first of several: the next one moves to its place
            do {
                after++;
            } while (Character.isWhitespace(text.charAt(after)));
            return text.substring(0, span[0]) + text.substring(after);
        }
        return text.substring(0, before + 1) + text.substring(after); // the only one: the brackets close up
    }

    /**
     * The document with {@code "name": value} added as the last member of the object at
     * {@code pointer}, which sits {@code depth} levels deep (the root's members are at depth 1).
     */
    String addMember(String pointer, int depth, String name, JsonNode value) {
        int[] object = containers.get(pointer);
        String member = quote(name) + separator() + render(value, depth);
        boolean empty = text.substring(object[0] + 1, object[1]).isBlank();
        if (!multiLine()) {
            int at = empty ? object[0] + 1 : lastNonBlankBefore(object[1]) + 1;
            return text.substring(0, at) + (empty ? "" : ",") + member + text.substring(at);
        }
        if (empty) {
            return text.substring(0, object[0] + 1) + newline() + indent(depth) + member + newline() + indent(depth - 1)
                    + text.substring(object[1]);
        }
        int at = lastNonBlankBefore(object[1]) + 1;
        return text.substring(0, at) + "," + newline() + indent(depth) + member + text.substring(at);
    }

    /** The document with the container at {@code pointer}, {@code depth} levels deep, replaced by {@code value}. */
    String replaceContainer(String pointer, int depth, JsonNode value) {
        int[] span = containers.get(pointer);
        return text.substring(0, span[0]) + render(value, depth) + text.substring(span[1] + 1);
    }

    /** The document with the first string value that {@code which} accepts replaced by {@code replacement}. */
    String replaceString(Predicate<String> which, String replacement) {
        try (JsonParser p = JSON.getFactory().createParser(text)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                if (t == JsonToken.VALUE_STRING) {
                    int start = (int) p.getTokenLocation().getCharOffset();
                    if (which.test(p.getText())) { // getText reads the whole string: the location is after it now
                        int end = (int) p.getCurrentLocation().getCharOffset();
                        return text.substring(0, start) + quote(replacement) + text.substring(end);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text;
    }

    private int lastNonBlankBefore(int end) {
        int i = end - 1;
        while (i > 0 && Character.isWhitespace(text.charAt(i))) {
            i--;
        }
        return i;
    }

    private boolean multiLine() {
        return text.strip().contains("\n");
    }

    String newline() {
        return text.contains("\r\n") ? "\r\n" : "\n";
    }

    /** The file's own unit: the whitespace before its first member line (two spaces if none). */
    String unit() {
        Matcher m = INDENT.matcher(text);
        return m.find() ? m.group(1) : "  ";
    }

    private String indent(int depth) {
        return unit().repeat(Math.max(0, depth));
    }

    private String separator() {
        Matcher m = SEPARATOR.matcher(text);
        return m.find() ? m.group(1) : multiLine() || text.isBlank() ? ": " : ":";
    }

    /** Arrays written {@code [{} on one line when the file writes its own arrays so, and never the other way. */
    private boolean inlineArrays() {
        return INLINE_ARRAY.matcher(text).find() && !EXPANDED_ARRAY.matcher(text).find();
    }

    /** {@code value} as the file would write it, its later lines indented for {@code depth}. */
    private String render(JsonNode value, int depth) {
        try {
            if (!multiLine()) {
                return JSON.writeValueAsString(value);
            }
            return pretty(value, unit(), newline(), separator(), inlineArrays()).replace(newline(), newline() + indent(depth));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code value} pretty-printed with these indentation unit, line ending, key-value separator and array style. */
    static String pretty(JsonNode value, String unit, String newline, String separator, boolean inlineArrays) throws IOException {
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter() {
            @Override
            public DefaultPrettyPrinter createInstance() {
                return this;
            }

            @Override
            public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
                g.writeRaw(separator);
            }
        };
        DefaultIndenter indenter = new DefaultIndenter(unit, newline);
        printer.indentObjectsWith(indenter);
        printer.indentArraysWith(inlineArrays ? new DefaultPrettyPrinter.NopIndenter() : indenter);
        return JSON.writer(printer).writeValueAsString(value);
    }

    private static String quote(String s) {
        try {
            return JSON.writeValueAsString(s);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

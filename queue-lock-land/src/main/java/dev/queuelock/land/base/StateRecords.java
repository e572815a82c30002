package dev.queuelock.land.base;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a state file that is an array of records ({@code land-history.json}, {@code flaky-tests.json}),
 * one record ({@code landing/<lane>.json}) or a record a line ({@code activity.jsonl}) with Jackson's
 * streaming parser: status reads them at every look, and the data binding's mapper
 * ({@link StateFiles}, which still writes them) loads some 400 classes where the parser loads under 100.
 * Reads what the writer writes as the mapper did: a field this version does not know is skipped, a
 * missing or null number is 0, a missing string, list or map null; a file that is not an array of
 * objects fails whole.
 */
public final class StateRecords {

    /** Made on first use, as {@link StateFiles}'s mapper. */
    private static final class Factory {
        static final JsonFactory JSON = new JsonFactory();
    }

    /** Reads one record, the parser at its {@code START_OBJECT}; returns with it at the matching {@code END_OBJECT}. */
    public interface Record<T> {
        T read(JsonParser parser) throws IOException;
    }

    /** Takes one field's value, the parser at that value; returns false for a field it does not know. */
    public interface Field {
        boolean take(String name) throws IOException;
    }

    private StateRecords() {
    }

    /**
     * The records in {@code file}, in order; none for a file holding {@code null}.
     *
     * @throws NoSuchFileException there is no such file
     */
    public static <T> List<T> read(Path file, Record<T> record) throws IOException {
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString());
        }
        try (JsonParser parser = Factory.JSON.createParser(file.toFile())) {
            JsonToken start = parser.nextToken();
            if (start == JsonToken.VALUE_NULL) {
                return List.of();
            }
            expect(parser, JsonToken.START_ARRAY);
            List<T> records = new ArrayList<>();
            for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
                expect(parser, JsonToken.START_OBJECT);
                records.add(record.read(parser));
            }
            return records;
        }
    }

    /**
     * The one record {@code file} holds.
     *
     * @throws NoSuchFileException there is no such file
     */
    public static <T> T readOne(Path file, Record<T> record) throws IOException {
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString());
        }
        try (JsonParser parser = Factory.JSON.createParser(file.toFile())) {
            parser.nextToken();
            return record.read(parser);
        }
    }

    /** The one record {@code text} (a line of a file of lines) holds. */
    public static <T> T readOne(String text, Record<T> record) throws IOException {
        try (JsonParser parser = Factory.JSON.createParser(text)) {
            parser.nextToken();
            return record.read(parser);
        }
    }

    /** Hands each field of the object the parser is at to {@code field}, skipping those it does not take. */
    public static void fields(JsonParser parser, Field field) throws IOException {
        expect(parser, JsonToken.START_OBJECT);
        for (JsonToken t = parser.nextToken(); t == JsonToken.FIELD_NAME; t = parser.nextToken()) {
            String name = parser.currentName();
            parser.nextToken();
            if (!field.take(name)) {
                parser.skipChildren();
            }
        }
        expect(parser, JsonToken.END_OBJECT);
    }

    /** The string value the parser is at, or null. */
    public static String text(JsonParser parser) throws IOException {
        scalar(parser);
        return parser.currentToken() == JsonToken.VALUE_NULL ? null : parser.getValueAsString();
    }

    /** The number the parser is at; 0 for null. */
    public static long number(JsonParser parser) throws IOException {
        scalar(parser);
        return parser.getValueAsLong();
    }

    /** The array of strings the parser is at, or null. */
    public static List<String> texts(JsonParser parser) throws IOException {
        if (parser.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(parser, JsonToken.START_ARRAY);
        List<String> texts = new ArrayList<>();
        for (JsonToken t = parser.nextToken(); t != JsonToken.END_ARRAY; t = parser.nextToken()) {
            texts.add(text(parser));
        }
        return texts;
    }

    /** The object of numbers the parser is at, in order (a null value kept as null), or null. */
    public static Map<String, Long> numbers(JsonParser parser) throws IOException {
        if (parser.currentToken() == JsonToken.VALUE_NULL) {
            return null;
        }
        expect(parser, JsonToken.START_OBJECT);
        Map<String, Long> numbers = new LinkedHashMap<>();
        for (JsonToken t = parser.nextToken(); t == JsonToken.FIELD_NAME; t = parser.nextToken()) {
            String name = parser.currentName();
            numbers.put(name, parser.nextToken() == JsonToken.VALUE_NULL ? null : number(parser));
        }
        expect(parser, JsonToken.END_OBJECT);
        return numbers;
    }

    private static void scalar(JsonParser parser) throws IOException {
        if (parser.currentToken() == null || !parser.currentToken().isScalarValue()) {
            throw new JsonParseException(parser, "a value was expected, not " + parser.currentToken());
        }
    }

    private static void expect(JsonParser parser, JsonToken token) throws IOException {
        if (parser.currentToken() != token) {
            throw new JsonParseException(parser, token + " was expected, not " + parser.currentToken());
        }
    }
}

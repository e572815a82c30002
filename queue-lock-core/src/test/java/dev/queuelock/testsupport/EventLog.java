package dev.queuelock.testsupport;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;

/** Appends one NDJSON line per event; one O_APPEND write per line, so many processes can share a file. */
final class EventLog {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final String label;
    private final long pid = ProcessHandle.current().pid();

    EventLog(Path file, String label) {
        this.file = file;
        this.label = label;
    }

    synchronized void append(String event, int round, Map<String, Object> extra) {
        long ms = System.currentTimeMillis();
        long nanos = System.nanoTime();
        Map<String, Object> line = new LinkedHashMap<>();
        line.put("event", event);
        line.put("pid", pid);
        line.put("label", label);
        line.put("round", round);
        line.put("ms", ms);
        line.put("nanos", nanos);
        line.putAll(extra);
        try (FileChannel out = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND)) {
            out.write(ByteBuffer.wrap((JSON.writeValueAsString(line) + "\n").getBytes(StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

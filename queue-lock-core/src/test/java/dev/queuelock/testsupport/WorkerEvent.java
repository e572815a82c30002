package dev.queuelock.testsupport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** One line of a {@link LockWorker} results file. */
public final class WorkerEvent {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final JsonNode node;

    private WorkerEvent(JsonNode node) {
        this.node = node;
    }

    /** All events in append order; a missing file has none; a half-written last line is skipped. */
    public static List<WorkerEvent> readAll(Path results) {
        if (!Files.exists(results)) {
            return List.of();
        }
        try {
            List<WorkerEvent> events = new ArrayList<>();
            for (String line : Files.readAllLines(results)) {
                if (line.endsWith("}")) {
                    events.add(new WorkerEvent(JSON.readTree(line)));
                }
            }
            return events;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The events of one kind ("ready", "enrolled", "wait", "acquired", "released"), optionally of one pid. */
    public static List<WorkerEvent> read(Path results, String event) {
        return readAll(results).stream().filter(e -> e.event().equals(event)).collect(Collectors.toList());
    }

    public static List<WorkerEvent> read(Path results, String event, long pid) {
        return read(results, event).stream().filter(e -> e.pid() == pid).collect(Collectors.toList());
    }

    /** A text field the event carries, e.g. a refusal's {@code message}; null if it has none. */
    public String text(String field) {
        JsonNode value = node.get(field);
        return value == null ? null : value.asText();
    }

    public String event() {
        return node.get("event").asText();
    }

    public long pid() {
        return node.get("pid").asLong();
    }

    public String label() {
        JsonNode label = node.get("label");
        return label == null || label.isNull() ? null : label.asText();
    }

    public int round() {
        return node.get("round").asInt();
    }

    /** Wall clock, epoch ms. */
    public long ms() {
        return node.get("ms").asLong();
    }

    /** System.nanoTime() of the worker: comparable across processes on Linux (CLOCK_MONOTONIC). */
    public long nanos() {
        return node.get("nanos").asLong();
    }

    /** For "acquired": System.nanoTime() when the worker called acquire. */
    public long askedNanos() {
        return node.get("askedNanos").asLong();
    }

    /** For "wait": live waiters ahead. */
    public int ahead() {
        return node.get("ahead").asInt();
    }

    public boolean stuck() {
        return node.path("stuck").asBoolean(false);
    }

    public long elapsedMs() {
        return node.path("elapsedMs").asLong();
    }

    public long holderPid() {
        return node.path("holderPid").asLong(0);
    }

    public String holderLane() {
        return node.path("holderLane").asText(null);
    }

    public String holderLabel() {
        JsonNode label = node.get("holderLabel");
        return label == null || label.isNull() ? null : label.asText();
    }

    /** The holder's host, for backends that record one. */
    public String holderHost() {
        JsonNode host = node.get("holderHost");
        return host == null || host.isNull() ? null : host.asText();
    }

    @Override
    public String toString() {
        return node.toString();
    }
}

package dev.queuelock.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import java.util.List;

/**
 * {@code status --json}: a stable document for scripts. Every key is always present (null when
 * unknown) and in this order; {@code version} changes only if a key changes meaning or goes away.
 *
 * <pre>
 * {"version":1, "queue":"build", "location":"/tmp/claude-code-merge-queue-build-queue-…",
 *  "holder":{"lane","label","pid","since","heldForMillis"} or null,
 *  "waiters":[{"position":1,"lane","label","pid","since","waitingForMillis"}, …]}
 * </pre>
 * {@code since} is the record's {@code ts}: epoch milliseconds.
 */
final class StatusJson {

    static final int VERSION = 1;

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private StatusJson() {
    }

    static String render(String queue, QueueSnapshot snapshot, long nowMillis) {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("version", VERSION);
        doc.put("queue", queue);
        doc.put("location", snapshot.location().toString());
        if (snapshot.holder().isPresent()) {
            record(doc.putObject("holder"), snapshot.holder().get(), "heldForMillis", nowMillis);
        } else {
            doc.putNull("holder");
        }
        ArrayNode waiters = doc.putArray("waiters");
        List<LockRecord> line = snapshot.waiters();
        for (int i = 0; i < line.size(); i++) {
            ObjectNode w = waiters.addObject();
            w.put("position", i + 1);
            record(w, line.get(i), "waitingForMillis", nowMillis);
        }
        try {
            return JSON.writeValueAsString(doc);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot happen: a tree of strings and numbers", e);
        }
    }

    private static void record(ObjectNode node, LockRecord r, String elapsedKey, long nowMillis) {
        node.put("lane", r.lane());
        node.put("label", r.label().orElse(null));
        node.put("pid", r.pid());
        node.put("since", r.ts());
        node.put(elapsedKey, RecordFormat.since(r, nowMillis).toMillis());
    }
}

package dev.queuelock.cli;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.json.JsonWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

    private StatusJson() {
    }

    static String render(String queue, QueueSnapshot snapshot, long nowMillis) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("version", VERSION);
        doc.put("queue", queue);
        doc.put("location", snapshot.location().toString());
        doc.put("holder", snapshot.holder().map(h -> record(h, "heldForMillis", nowMillis, null)).orElse(null));
        List<Object> waiters = new ArrayList<>();
        List<LockRecord> line = snapshot.waiters();
        for (int i = 0; i < line.size(); i++) {
            waiters.add(record(line.get(i), "waitingForMillis", nowMillis, i + 1));
        }
        doc.put("waiters", waiters);
        return JsonWriter.pretty(doc);
    }

    private static Map<String, Object> record(LockRecord r, String elapsedKey, long nowMillis, Integer position) {
        Map<String, Object> node = new LinkedHashMap<>();
        if (position != null) {
            node.put("position", position);
        }
        node.put("lane", r.lane());
        node.put("label", r.label().orElse(null));
        node.put("pid", r.pid());
        node.put("since", r.ts());
        node.put(elapsedKey, RecordFormat.since(r, nowMillis).toMillis());
        return node;
    }
}

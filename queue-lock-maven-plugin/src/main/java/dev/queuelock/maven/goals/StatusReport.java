package dev.queuelock.maven.goals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.maven.Durations;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Renders queue snapshots as log lines or as one JSON document. */
final class StatusReport {

    private final Map<String, QueueSnapshot> queues = new LinkedHashMap<>();
    private final Map<String, String> scopes = new LinkedHashMap<>();
    private final long nowMillis;

    StatusReport(long nowMillis) {
        this.nowMillis = nowMillis;
    }

    StatusReport add(String queue, String scope, QueueSnapshot snapshot) {
        queues.put(queue, snapshot);
        scopes.put(queue, scope);
        return this;
    }

    List<String> lines() {
        List<String> out = new ArrayList<>();
        queues.forEach((name, q) -> {
            out.add(name + " queue (" + scopes.get(name) + " scope): " + q.location());
            out.add("  holder: " + q.holder().map(h -> describe(h) + ", holding for " + since(h)).orElse("none"));
            if (q.waiters().isEmpty()) {
                out.add("  waiting: none");
            }
            for (int i = 0; i < q.waiters().size(); i++) {
                LockRecord w = q.waiters().get(i);
                out.add("  " + (i + 1) + ". " + describe(w) + ", waiting for " + since(w));
            }
        });
        return out;
    }

    String json() {
        Map<String, Object> doc = new LinkedHashMap<>();
        queues.forEach((name, q) -> {
            Map<String, Object> queue = new LinkedHashMap<>();
            queue.put("scope", scopes.get(name));
            queue.put("location", q.location().toString());
            queue.put("holder", q.holder().map(h -> record(h, "heldMillis")).orElse(null));
            List<Object> waiters = new ArrayList<>();
            q.waiters().forEach(w -> waiters.add(record(w, "waitingMillis")));
            queue.put("waiters", waiters);
            doc.put(name, queue);
        });
        try {
            return new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValueAsString(doc);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException("maps of strings and numbers always serialize", e);
        }
    }

    private Map<String, Object> record(LockRecord r, String elapsedName) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("pid", r.pid());
        m.put("lane", r.lane());
        m.put("label", r.label().orElse(null));
        m.put("ts", r.ts());
        m.put(elapsedName, Math.max(0, nowMillis - r.ts()));
        return m;
    }

    private static String describe(LockRecord r) {
        return "lane " + r.lane() + r.label().map(l -> " (" + l + ")").orElse("") + ", pid " + r.pid();
    }

    private String since(LockRecord r) {
        return Durations.format(Duration.ofMillis(nowMillis - r.ts()));
    }
}

package dev.queuelock.json;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The status document, one schema for the CLI's {@code status --json} and
 * {@code mvn queuelock:status -Dqueuelock.status.json}; documented in the site's status-json page. Every
 * key is always present, null when unknown, in this order; {@link #VERSION} changes only when a key
 * changes meaning or goes away (new keys may be added without it).
 *
 * <pre>
 * {"version":2, "now":epochMillis,
 *  "queues":{"build":{"scope","backend","location",
 *                     "holder":{"lane","label","pid","since","heldForMillis","slots","priority","wentAheadOf","ended","keptBy"} or null,
 *                     "holders":[{...the holder's keys}, ...],
 *                     "waiters":[{"position","lane","label","pid","since","waitingForMillis","slots","priority","wentAheadOf"}, ...]},
 *            "land":{...}},
 *  "landings":{...} or null}
 * </pre>
 */
public final class StatusJson {

    /** 1 was the CLI's flat single-queue document; 2 puts every queue under {@code queues}. */
    public static final int VERSION = 2;

    private final long nowMillis;
    private final Map<String, Object> queues = new LinkedHashMap<>();
    private Map<String, Object> history;
    private List<Object> lanes;
    private final Map<String, Object> repository = new LinkedHashMap<>();

    /** @param nowMillis the time the elapsed fields are measured to, epoch milliseconds */
    public StatusJson(long nowMillis) {
        this.nowMillis = nowMillis;
    }

    /**
     * Adds queue {@code name}.
     *
     * @param scope   what its key is derived from: {@code repo} or {@code machine}
     * @param backend the backend it runs on, e.g. {@code file}
     */
    public StatusJson queue(String name, String scope, String backend, QueueSnapshot snapshot) {
        Map<String, Object> queue = new LinkedHashMap<>();
        queue.put("scope", scope);
        queue.put("backend", backend);
        queue.put("location", snapshot.location().toString());
        List<Object> holders = new ArrayList<>();
        for (LockRecord h : snapshot.holders()) {
            Map<String, Object> holder = record(h, null, "heldForMillis", h.ts(), snapshot);
            holder.put("ended", snapshot.ended(h));
            holder.put("keptBy", new ArrayList<Object>(snapshot.keptBy(h)));
            holders.add(holder);
        }
        queue.put("holder", holders.isEmpty() ? null : holders.get(0)); // kept for scripts written against one slot
        queue.put("holders", holders);
        queue.put("slots", snapshot.slots());
        queue.put("slotsDecision", snapshot.slotsDecision());
        List<Object> waiters = new ArrayList<>();
        List<LockRecord> line = snapshot.waiters();
        for (int i = 0; i < line.size(); i++) {
            waiters.add(record(line.get(i), i + 1, "waitingForMillis", line.get(i).enrolledAt(), snapshot));
        }
        queue.put("waiters", waiters);
        queues.put(name, queue);
        return this;
    }

    /**
     * The repository's history under the key {@code "landings"} (maps, lists, strings, numbers), which
     * only the plugin knows; null from the CLI, as the status-json page says.
     */
    public StatusJson landings(Map<String, Object> summary) {
        history = summary;
        return this;
    }

    /** The repository's lanes (maps of strings, numbers, booleans), which only the plugin knows; absent if not set. */
    public StatusJson lanes(List<Object> laneList) {
        lanes = laneList;
        return this;
    }

    /** A key about the repository only the plugin knows (e.g. a queue's pause), written after the lanes. */
    public StatusJson repository(String key, Object value) {
        repository.put(key, value);
        return this;
    }

    /** The document, indented. */
    public String render() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("version", VERSION);
        doc.put("now", nowMillis);
        doc.put("queues", queues);
        doc.put("landings", history);
        if (lanes != null) {
            doc.put("lanes", lanes);
        }
        doc.putAll(repository);
        return JsonWriter.pretty(doc);
    }

    /** @param since when it took the lock (a holder) or really enrolled (a waiter: a high-priority one's ts is its place) */
    private Map<String, Object> record(LockRecord r, Integer position, String elapsedKey, long since, QueueSnapshot snapshot) {
        Map<String, Object> node = new LinkedHashMap<>();
        if (position != null) {
            node.put("position", position);
        }
        node.put("lane", r.lane());
        node.put("label", r.label().orElse(null));
        node.put("pid", r.pid());
        r.runsIn().ifPresent(process -> node.put("in", process));
        node.put("since", since);
        node.put(elapsedKey, Math.max(0, nowMillis - since));
        node.put("slots", r.slots().isPresent() ? (Object) r.slots().getAsInt() : null);
        node.put("priority", r.highPriority() ? "high" : "normal");
        List<Object> passed = new ArrayList<>();
        for (LockRecord w : snapshot.wentAheadOf(r)) {
            passed.add(w.lane());
        }
        node.put("wentAheadOf", passed);
        return node;
    }
}

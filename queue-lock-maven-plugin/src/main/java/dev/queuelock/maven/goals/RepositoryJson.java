package dev.queuelock.maven.goals;

import dev.queuelock.land.base.QueuePause;
import dev.queuelock.repository.changes.Overlap;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The status document's keys about the repository (besides its queues): the conflicts forecast and the land queue's pause. */
final class RepositoryJson {

    private RepositoryJson() {
    }

    static List<Object> overlaps(List<Overlap> overlaps) {
        List<Object> list = new ArrayList<>();
        for (Overlap overlap : overlaps) {
            Map<String, Object> o = new LinkedHashMap<>();
            o.put("lanes", List.of(overlap.first, overlap.second));
            o.put("files", overlap.files);
            o.put("conflict", overlap.conflict == null || !overlap.conflict.judged ? null : overlap.conflict.conflicts());
            o.put("conflictFiles", overlap.conflict == null ? List.of() : overlap.conflict.files);
            o.put("text", overlap.describe());
            list.add(o);
        }
        return list;
    }

    static Map<String, Object> pause(QueuePause p, long nowMillis) {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("by", p.by);
        json.put("reason", p.reason);
        json.put("since", p.since);
        json.put("pausedForMillis", Math.max(0, nowMillis - p.since));
        return json;
    }
}

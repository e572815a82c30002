package dev.queuelock.land.watch;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.repository.changes.Overlap;
import dev.queuelock.land.history.HistoryChart;
import dev.queuelock.land.history.LandRun;
import dev.queuelock.land.history.LandStats;
import dev.queuelock.land.history.LandingNote;
import dev.queuelock.land.lanes.LaneState;
import java.util.List;

/** The watch as the page draws it: one JSON document per look, sent to the browser as it changes. */
public final class PageJson {

    private static final ObjectMapper JSON = new ObjectMapper();

    private PageJson() {
    }

    public static String render(WatchModel m) {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("now", m.now);
        ObjectNode build = queue(doc.putObject("build"), m.build, m);
        build.put("slots", m.build.slots());
        build.put("slotsDecision", m.build.slotsDecision());
        ObjectNode land = queue(doc.putObject("land"), m.land, m);
        LandStats stats = m.stats();
        ArrayNode landers = land.withArray("holders");
        for (int i = 0; i < m.land.holders().size(); i++) {
            String lane = m.land.holders().get(i).lane();
            LandingNote note = m.landing.get(lane);
            ObjectNode lander = (ObjectNode) landers.get(i);
            if (note != null) {
                lander.put("phase", note.phaseWords()).put("phaseSince", note.since());
            }
            if (m.underWay.checks.containsKey(lane)) {
                lander.put("check", m.underWay.checks.get(lane));
            }
            if (m.underWay.batches.containsKey(lane)) {
                m.underWay.batches.get(lane).forEach(lander.putArray("batch")::add);
            }
            if (m.underWay.sideBySide.containsKey(lane)) {
                m.underWay.sideBySide.get(lane).forEach(lander.putArray("checksSideBySide")::add);
            }
        }
        ArrayNode queued = land.withArray("waiters");
        LandQueuePlace places = m.places();
        for (int i = 0; i < m.land.waiters().size(); i++) {
            ((ObjectNode) queued.get(i)).put("eta", LandEta.of(stats, m.land, i, m.now).replaceFirst("^, ", ""))
                    .set("place", JSON.valueToTree(places.json(i))); // as status's landQueuePlaces says it
        }
        stats.medianHold().ifPresent(d -> land.put("p50LandingMillis", d.toMillis()));
        if (m.pause != null) {
            land.putObject("pause").put("by", m.pause.by).put("reason", m.pause.reason).put("since", m.pause.since)
                    .put("text", m.pause.describe(m.now));
        }
        ArrayNode lanes = doc.putArray("lanes");
        for (LaneState lane : m.lanes) {
            ObjectNode l = lanes.addObject();
            l.put("number", lane.lane().number());
            l.put("name", WatchModel.name(lane));
            l.put("row", TimelineRows.key(WatchModel.name(lane), lane.lane().madeAt()));
            l.put("branch", lane.lane().branch().orElse(null));
            l.put("ahead", lane.ahead());
            l.put("behind", lane.behind());
            l.put("state", m.state(lane));
            l.put("live", lane.live());
            l.put("idleMillis", lane.idle().toMillis());
            l.put("port", lane.port());
            ObjectNode named = l.putObject("namedPorts");
            lane.namedPorts().forEach(named::put);
            m.disk.of(lane.lane()).ifPresent(d -> {
                l.put("diskBytes", d.totalBytes());
                l.put("disk", m.disk.row(lane.lane(), m.now)); // said by the one formatter the screen and status use
            });
        }
        ArrayNode overlaps = doc.putArray("overlaps");
        for (Overlap overlap : m.overlaps) {
            ObjectNode o = overlaps.addObject();
            o.putArray("lanes").add(overlap.first).add(overlap.second);
            overlap.files.forEach(o.putArray("files")::add);
            o.put("conflict", overlap.conflict == null || !overlap.conflict.judged ? null : overlap.conflict.conflicts());
            o.put("text", overlap.describe());
        }
        List<LandRun> recent = m.landings.subList(Math.max(0, m.landings.size() - ScreenText.CHART_RUNS), m.landings.size());
        m.disk.summary().ifPresent(text -> doc.put("disk", text));
        m.disk.lowSpace().ifPresent(text -> doc.put("lowSpace", text));
        m.reuse.ifPresent(reuse -> doc.put("reuse", reuse.line()));
        ArrayNode chart = doc.putArray("chart");
        new HistoryChart(60).render(recent).forEach(chart::add);
        stats.landingsPerHour().ifPresent(r -> doc.put("landingsPerHour", r));
        ObjectNode flaky = doc.putObject("flakyTests");
        m.flaky.forEach(flaky::put);
        timeline(doc.putObject("timeline"), m);
        try {
            return JSON.writeValueAsString(doc);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e); // a tree of plain values always serializes
        }
    }

    private static ObjectNode queue(ObjectNode q, QueueSnapshot snapshot, WatchModel m) {
        ArrayNode holders = q.putArray("holders");
        for (LockRecord h : snapshot.holders()) {
            record(holders.addObject(), h, m).put("describe", snapshot.describe(h, "what it started"));
        }
        ArrayNode waiters = q.putArray("waiters");
        for (LockRecord w : snapshot.waiters()) {
            record(waiters.addObject(), w, m).put("describe", w.describe());
        }
        return q;
    }

    private static ObjectNode record(ObjectNode r, LockRecord record, WatchModel m) {
        r.put("lane", record.lane());
        r.put("label", record.label().orElse(null));
        r.put("pid", record.pid());
        r.put("since", record.ts());
        r.put("millis", Math.max(0, m.now - record.ts()));
        return r;
    }

    /** The last hour: its rows (one per lane as made, {@link TimelineRows}), the bars and marks in them, and when the last of them began or ended. */
    private static void timeline(ObjectNode t, WatchModel m) {
        t.put("from", m.now - Timeline.SPAN_MILLIS);
        t.put("to", m.now);
        TimelineRows rows = new TimelineRows(m.lanes);
        long last = Long.MIN_VALUE;
        ArrayNode bars = t.putArray("bars");
        for (Timeline.Bar bar : m.timeline.bars(m.now)) {
            bars.addObject().put("lane", bar.lane).put("row", rows.rowOf(bar.lane, bar.from)).put("kind", bar.kind)
                    .put("from", bar.from).put("to", bar.to);
            last = Math.max(last, bar.open ? bar.from : bar.to);
        }
        ArrayNode marks = t.putArray("marks");
        for (Timeline.Mark mark : m.timeline.marks()) {
            marks.addObject().put("lane", mark.lane).put("row", rows.rowOf(mark.lane, mark.at)).put("at", mark.at)
                    .put("outcome", mark.outcome.id()).put("text", mark.text);
            last = Math.max(last, mark.at);
        }
        ArrayNode rowList = t.putArray("rows");
        rows.labels().forEach((key, label) -> rowList.addObject().put("key", key).put("label", label));
        if (last != Long.MIN_VALUE) {
            t.put("lastEvent", last); // a time in the data, not the clock: the page shows now itself
        }
    }
}

package dev.queuelock.maven.goals;

import dev.queuelock.Durations;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.repository.changes.Overlap;
import dev.queuelock.file.FileBackend;
import dev.queuelock.json.StatusJson;
import dev.queuelock.land.base.QueuePause;
import dev.queuelock.land.base.StateFiles;
import dev.queuelock.land.batch.BatchReport;
import dev.queuelock.land.disk.LaneDisks;
import dev.queuelock.land.disk.ReuseSummary;
import dev.queuelock.land.history.HistoryChart;
import dev.queuelock.land.history.LandRun;
import dev.queuelock.land.history.LandStats;
import dev.queuelock.land.lanes.LaneState;
import dev.queuelock.spi.Queue;
import dev.queuelock.land.watch.LandEta;
import dev.queuelock.land.watch.LandQueuePlace;
import dev.queuelock.land.history.LandingNote;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/** Renders queue snapshots and the landing history as log lines or as one JSON document. */
final class StatusReport {

    /** How many recent landings the chart shows. */
    static final int CHART_RUNS = 10;
    /** How many of the flakiest tests the report names. */
    static final int FLAKIEST = 5;

    private final Map<String, QueueSnapshot> queues = new LinkedHashMap<>();
    private final Map<String, String> scopes = new LinkedHashMap<>();
    private final Map<String, String> backends = new LinkedHashMap<>();
    private final long nowMillis;
    private List<LandRun> landings = List.of();
    private List<LaneState> lanes = List.of();
    private Map<String, Long> flaky = Map.of();
    private LaneDisks disk = LaneDisks.NONE;
    private List<Overlap> overlaps = List.of();
    /** The landings under way and the waiters taken into one, for each land waiter's place; none outside git. */
    private Map<String, LandingNote> underWay = Map.of();
    private Predicate<LockRecord> taken = waiter -> false;
    /** Null outside git: then status says nothing of the reuse store. */
    private ReuseSummary reuse;
    /** Null until given (outside git): then status says nothing of a pause. */
    private Optional<QueuePause> pause;

    StatusReport(long nowMillis) {
        this.nowMillis = nowMillis;
    }

    /**
     * @param scope   {@code repo} or {@code machine}: what the queue's key is derived from
     * @param backend the backend the queue runs on, e.g. {@code file}
     */
    StatusReport add(String queue, String scope, String backend, QueueSnapshot snapshot) {
        queues.put(queue, snapshot);
        scopes.put(queue, scope);
        backends.put(queue, backend);
        return this;
    }

    /** The repository's landing history, oldest first; gives land waiters an ETA and adds the chart. */
    StatusReport withLandings(List<LandRun> runs) {
        landings = List.copyOf(runs);
        return this;
    }

    /** The tests land checks found flaky most often, with how often, most first. */
    StatusReport withFlakyTests(Map<String, Long> flakiest) {
        flaky = new LinkedHashMap<>(flakiest);
        return this;
    }

    /** The repository's lanes, by number. */
    StatusReport withLanes(List<LaneState> states) {
        lanes = List.copyOf(states);
        return this;
    }

    /** What the lanes take on disk, and the free space where they live. */
    StatusReport withDisk(LaneDisks disks) {
        disk = disks;
        return this;
    }

    /** What the store of modules' outputs holds and what reuse left unbuilt. */
    StatusReport withReuse(ReuseSummary summary) {
        reuse = summary;
        return this;
    }

    /** Lanes that change the same files (the conflicts forecast). */
    StatusReport withOverlaps(List<Overlap> laneOverlaps) {
        overlaps = List.copyOf(laneOverlaps);
        return this;
    }

    /** The land queue's pause as the state folder says it; empty: it runs. */
    StatusReport withPause(Optional<QueuePause> landPause) {
        pause = landPause;
        return this;
    }

    /** The landings under way by lane, and which land waiters the holder took into its landing: where each waiter stands. */
    StatusReport withLandingsUnderWay(Map<String, LandingNote> notes, Predicate<LockRecord> takenIntoLanding) {
        underWay = Map.copyOf(notes);
        taken = takenIntoLanding;
        return this;
    }

    private LandQueuePlace place(QueueSnapshot land, LandStats stats) {
        return new LandQueuePlace(land, underWay, pause == null ? Optional.empty() : pause, taken, stats, nowMillis);
    }

    List<String> lines() {
        List<String> out = new ArrayList<>();
        LandStats stats = new LandStats(landings);
        queues.forEach((name, q) -> {
            String backend = backends.get(name).equals(FileBackend.NAME) ? "" : ", " + backends.get(name) + " backend";
            out.add(name + " queue (" + scopes.get(name) + " scope" + backend + "): " + q.location());
            q.slotsLine().ifPresent(line -> out.add("  slots: " + line));
            if (name.equals(Queue.LAND) && pause != null && pause.isPresent()) {
                out.add("  " + pause.get().describe(nowMillis) + " (landers wait before their checks; mvn queuelock:resume lifts it)");
            }
            if (q.holders().isEmpty()) {
                out.add("  holder: none");
            }
            // A land queue's holder is a lander: what it starts while holding is its check build.
            String started = name.equals(Queue.LAND) ? "its check build" : "what it started";
            q.holders().forEach(h -> out.add("  holder: " + q.describe(h, started) + ", holding for " + since(h.ts()) + wentAhead(q, h)));
            if (q.waiters().isEmpty()) {
                out.add("  waiting: none");
            }
            for (int i = 0; i < q.waiters().size(); i++) {
                LockRecord w = q.waiters().get(i);
                String eta = name.equals(Queue.LAND) ? LandEta.of(stats, q, i, nowMillis) : "";
                out.add("  " + (i + 1) + ". " + w.describe() + ", waiting for " + since(w.enrolledAt()) + eta + wentAhead(q, w));
                if (name.equals(Queue.LAND)) {
                    out.add("     " + place(q, stats).line(i));
                }
            }
        });
        out.add("landings (last " + Math.min(CHART_RUNS, landings.size()) + " of " + landings.size() + "):");
        new HistoryChart(40).render(recent()).forEach(line -> out.add("  " + line));
        List<String> batches = new BatchReport(3).render(landings);
        if (!batches.isEmpty()) {
            out.add("batches (last " + Math.min(3, batches.stream().filter(l -> l.startsWith("batch ")).count()) + "):");
            batches.forEach(line -> out.add("  " + line));
        }
        if (!flaky.isEmpty()) {
            out.add("flaky tests (failed, then passed when run again; most often first):");
            flaky.forEach((test, times) -> out.add("  " + test + ": " + times + (times == 1 ? " time" : " times")));
        }
        if (!lanes.isEmpty()) {
            out.add("lanes: " + lanes.size());
            lanes.forEach(lane -> out.add("  " + lane.describe()));
        }
        out.addAll(disk.lines(nowMillis));
        if (reuse != null) {
            out.add(reuse.line());
        }
        if (!overlaps.isEmpty()) {
            out.add("lanes changing the same files (land one, then rebase the other):");
            overlaps.forEach(overlap -> out.add("  " + overlap.describe()));
        }
        return out;
    }

    private List<LandRun> recent() {
        return landings.subList(Math.max(0, landings.size() - CHART_RUNS), landings.size());
    }

    /** The status document ({@link StatusJson}) with this repository's landing summary. */
    String json() {
        StatusJson doc = new StatusJson(nowMillis);
        queues.forEach((name, q) -> doc.queue(name, scopes.get(name), backends.get(name), q));
        LandStats stats = new LandStats(landings);
        Map<String, Object> history = new LinkedHashMap<>();
        history.put("runs", landings.size());
        history.put("p50QueueWaitMillis", stats.medianQueueWait().map(Duration::toMillis).orElse(null));
        history.put("p50LandingMillis", stats.medianHold().map(Duration::toMillis).orElse(null));
        history.put("p50LandCommandMillis", stats.medianCommand().map(Duration::toMillis).orElse(null));
        history.put("landingsPerHour", stats.landingsPerHour().orElse(null));
        // The runs as the history file keeps them (Jackson beans), as plain maps for the core's writer;
        // with none, no mapper is made (its classes are most of what a status would load).
        history.put("recent", recent().isEmpty() ? List.of() : StateFiles.json().convertValue(recent(), List.class));
        history.put("flakyTests", flaky); // test name -> how often, most first
        doc.landings(history);
        QueueSnapshot land = queues.get(Queue.LAND);
        if (land != null) {
            List<Object> places = new ArrayList<>();
            for (int i = 0; i < land.waiters().size(); i++) {
                places.add(place(land, stats).json(i));
            }
            doc.repository("landQueuePlaces", places);
        }
        if (pause != null) {
            doc.repository("landPause", pause.map(p -> RepositoryJson.pause(p, nowMillis)).orElse(null));
        }
        if (reuse != null) {
            doc.repository("reuse", reuse.json());
        }
        if (!lanes.isEmpty()) {
            List<Object> laneList = new ArrayList<>();
            for (LaneState lane : lanes) {
                Map<String, Object> l = new LinkedHashMap<>();
                l.put("number", lane.lane().number());
                l.put("path", lane.lane().path().toString());
                l.put("branch", lane.lane().branch().orElse(null));
                l.put("ahead", lane.ahead());
                l.put("behind", lane.behind());
                l.put("state", lane.stage().word());
                l.put("landed", lane.landed());
                l.put("live", lane.live());
                l.put("inUseBecause", lane.inUseBecause().orElse(null));
                l.put("idleMillis", lane.idle().toMillis());
                l.put("uncommitted", lane.uncommitted().size());
                l.put("port", lane.port());
                l.put("namedPorts", lane.namedPorts());
                l.put("orphaned", lane.orphaned());
                l.put("keptAsNewMillis", lane.keptAsNewFor().toMillis());
                l.put("disk", disk.json(lane.lane()));
                laneList.add(l);
            }
            doc.lanes(laneList);
            doc.repository("disk", disk.json());
            doc.repository("overlaps", RepositoryJson.overlaps(overlaps));
        }
        return doc.render();
    }

    private String since(long from) {
        return Durations.format(Duration.ofMillis(nowMillis - from));
    }

    /** {@code , priority high, went ahead of lane b, lane c} for one of high priority; empty for others. */
    private static String wentAhead(QueueSnapshot q, LockRecord r) {
        List<String> passed = new ArrayList<>();
        q.wentAheadOf(r).forEach(w -> passed.add("lane " + w.lane()));
        return !r.highPriority() ? "" : ", priority high" + (passed.isEmpty() ? "" : ", went ahead of " + String.join(", ", passed));
    }
}

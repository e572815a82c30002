package dev.queuelock.land.watch;

import dev.queuelock.Durations;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.history.HistoryChart;
import dev.queuelock.land.history.LandRun;
import dev.queuelock.land.history.LandStats;
import dev.queuelock.land.history.LandingNote;
import dev.queuelock.land.lanes.LaneState;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/** The watch's terminal screen: the queues, the lanes, the last landings, as lines to draw top to bottom. */
public final class ScreenText {

    /** How many recent landings the chart shows (as status does). */
    static final int CHART_RUNS = 10;
    /** The lanes table's state column: a state longer than this is said in full under its row. */
    static final int STATE_WIDTH = 40;
    /** Where a lane's lines under its row start: under its name. */
    static final String UNDER_ROW = "      ";
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

    private ScreenText() {
    }

    public static List<String> lines(WatchModel m) {
        List<String> out = new ArrayList<>();
        out.add("queue-lock watch   " + CLOCK.format(Instant.ofEpochMilli(m.now)) + "   (Ctrl-C ends)");
        out.add("");
        buildQueue(m, out);
        out.add("");
        landQueue(m, out);
        out.add("");
        lanes(m, out);
        m.overlaps.forEach(overlap -> out.add("  overlap: " + overlap.describe()));
        out.add("");
        landings(m, out);
        return out;
    }

    private static void buildQueue(WatchModel m, List<String> out) {
        QueueSnapshot q = m.build;
        out.add("BUILD QUEUE  " + q.holders().size() + " of " + q.slots() + " slots busy; " + q.slotsDecision());
        for (LockRecord h : q.holders()) {
            out.add("  holds    " + q.describe(h, "what it started") + "   held " + since(m, h.ts()));
        }
        for (int i = 0; i < q.waiters().size(); i++) {
            LockRecord w = q.waiters().get(i);
            out.add("  waits " + (i + 1) + ". " + w.describe() + "   waiting " + since(m, w.ts()));
        }
        if (q.holders().isEmpty() && q.waiters().isEmpty()) {
            out.add("  free");
        }
    }

    private static void landQueue(WatchModel m, List<String> out) {
        QueueSnapshot q = m.land;
        LandStats stats = m.stats();
        out.add("LAND QUEUE");
        if (m.pause != null) {
            out.add("  " + m.pause.describe(m.now) + " (landers wait before their checks; mvn queuelock:resume lifts it)");
        }
        for (LockRecord h : q.holders()) {
            LandingNote note = m.landing.get(h.lane());
            String phase = note == null ? "" : "   " + note.phaseWords() + " for " + since(m, note.since());
            String left = stats.medianHold().map(hold -> hold.toMillis() - (m.now - h.ts()))
                    .map(ms -> ms > 0 ? ", ETA ~" + Durations.format(ms) : ", past its usual time").orElse("");
            out.add("  landing  " + q.describe(h, "its check build") + phase + "   (held " + since(m, h.ts()) + left + ")");
            m.underWay.of(h.lane()).forEach(said -> out.add("           " + said));
        }
        LandQueuePlace places = m.places();
        for (int i = 0; i < q.waiters().size(); i++) {
            LockRecord w = q.waiters().get(i);
            out.add("  queued " + (i + 1) + ". " + w.describe() + "   waiting " + since(m, w.ts()) + LandEta.of(stats, q, i, m.now));
            out.add("           " + places.line(i)); // as status and the waiting lander say it
        }
        if (q.holders().isEmpty() && q.waiters().isEmpty()) {
            out.add("  free");
        }
        LandRun last = m.landings.isEmpty() ? null : m.landings.get(m.landings.size() - 1);
        if (last != null && last.batch != null) {
            out.add("  last batch: " + String.join(", ", last.batch.members));
        }
    }

    private static void lanes(WatchModel m, List<String> out) {
        out.add("LANES" + (m.lanes.isEmpty() ? "  none" : ""));
        for (LaneState lane : m.lanes) {
            String name = WatchModel.name(lane);
            String state = m.state(lane);
            boolean fits = state.length() <= STATE_WIDTH;
            out.add(String.format("  %-3s %-14s %-22s %-9s %-" + STATE_WIDTH + "s %-9s port %-5s %s", lane.lane().number(),
                    clip(name, 14), clip(lane.lane().branch().orElse("(detached)"), 22), aheadBehind(lane),
                    fits ? state : head(state), lane.live() ? "in use" : "idle " + Durations.format(lane.idle()), lane.ports(),
                    m.disk.row(lane.lane(), m.now)));
            // A refusal is what the lane's owner acts on: its reason, files and fix are said in full
            // under the row (the screen wraps them to its width), never cut to the column.
            if (!fits) {
                out.add(UNDER_ROW + state);
            }
            m.refusalReason(lane).filter(reason -> !state.contains(reason)).ifPresent(reason -> out.add(UNDER_ROW + reason));
        }
        m.disk.summary().ifPresent(text -> out.add("  " + text));
        m.disk.lowSpace().ifPresent(text -> out.add("  " + text));
        m.reuse.ifPresent(reuse -> out.add("  " + reuse.line()));
    }

    private static void landings(WatchModel m, List<String> out) {
        List<LandRun> recent = m.landings.subList(Math.max(0, m.landings.size() - CHART_RUNS), m.landings.size());
        out.add("LAST LANDINGS (" + recent.size() + " of " + m.landings.size() + ")");
        new HistoryChart(40).render(recent).forEach(line -> out.add("  " + line));
        if (!m.flaky.isEmpty()) {
            out.add("FLAKY TESTS");
            m.flaky.forEach((test, times) -> out.add("  " + test + ": " + times + (times == 1 ? " time" : " times")));
        }
    }

    static String aheadBehind(LaneState lane) {
        return (lane.ahead() < 0 ? "?" : "+" + lane.ahead()) + "/" + (lane.behind() < 0 ? "?" : "-" + lane.behind());
    }

    private static String since(WatchModel m, long ts) {
        return Durations.format(Math.max(0, m.now - ts));
    }

    /** A state's first words, up to its first colon ({@code refused} of {@code refused: rebase-conflict: ...}). */
    private static String head(String state) {
        int colon = state.indexOf(':');
        return colon > 0 ? state.substring(0, colon) : state;
    }

    private static String clip(String text, int width) {
        return text.length() <= width ? text : text.substring(0, width - 1) + "~";
    }
}

package dev.queuelock.land.watch;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.history.Activity;
import dev.queuelock.land.history.ActivityLine;
import dev.queuelock.land.history.LandingNote;
import dev.queuelock.build.slots.BuildUsage;
import dev.queuelock.build.slots.UsageHistory;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The last hour, one row per lane: bars for building and waiting for a slot, and for a landing's
 * phases and its end (from the {@link Activity} landers append). Builds come from two places: the
 * holds and waits the watch sees come and go (from each record's own {@code ts}), and the
 * {@link UsageHistory} each build under {@code auto} slots adds itself to as it ends, which reaches
 * back before the watch started. A hold seen live and its later record are one build: the same
 * process over overlapping times draws one bar (the one seen live). Records of older versions name
 * no lane and are not drawn.
 */
public final class Timeline {

    /** How far back the timeline reaches. */
    public static final long SPAN_MILLIS = 3_600_000L;

    /** A bar: {@code kind} is building, waiting, queued, landing, checking or pushing. */
    static final class Bar {
        /** {@link LockRecord#UNKNOWN_LANE} for a wait seen before its ticket's body was read, until a later look reads it. */
        String lane;
        final String kind;
        /** The build's process; 0 for a landing's bars. */
        final long pid;
        final long from;
        long to;
        boolean open;

        Bar(String lane, String kind, long from, long to, boolean open) {
            this(lane, kind, 0, from, to, open);
        }

        Bar(String lane, String kind, long pid, long from, long to, boolean open) {
            this.lane = lane;
            this.kind = kind;
            this.pid = pid;
            this.from = from;
            this.to = to;
            this.open = open;
        }

        /** Whether this bar and {@code other} are one build's hold or wait: same process, kind and lane, times overlapping. */
        boolean sameAs(Bar other) {
            return pid != 0 && pid == other.pid && kind.equals(other.kind) && lane.equals(other.lane) && from <= other.to
                    && other.from <= to;
        }
    }

    /** A landing's end: {@code outcome} and, for a refusal, why. */
    static final class Mark {
        final String lane;
        final long at;
        final Outcome outcome;
        final String text;

        Mark(String lane, long at, Outcome outcome, String text) {
            this.lane = lane;
            this.at = at;
            this.outcome = outcome;
            this.text = text;
        }
    }

    /** Holds and waits seen, by record (pid and ts tell one hold from the next). */
    private final Map<String, Bar> seen = new LinkedHashMap<>();
    private List<Bar> landingBars = List.of();
    private List<BuildUsage> recorded = List.of();
    private List<Mark> marks = List.of();

    /** Notes who holds and waits now; a hold or wait no longer there ended at {@code now}. */
    void observe(QueueSnapshot build, long now) {
        Map<String, Bar> current = new HashMap<>();
        for (LockRecord h : build.holders()) {
            current.put("h" + h.pid() + "@" + h.ts(), new Bar(h.lane(), "building", h.pid(), h.ts(), now, true));
        }
        for (LockRecord w : build.waiters()) {
            current.put("w" + w.pid() + "@" + w.ts(), new Bar(w.lane(), "waiting", w.pid(), w.ts(), now, true));
        }
        for (Map.Entry<String, Bar> e : seen.entrySet()) {
            Bar bar = e.getValue();
            if (bar.open && !current.containsKey(e.getKey())) {
                bar.open = false;
                bar.to = now;
            }
        }
        current.forEach((key, bar) -> {
            Bar known = seen.get(key);
            if (known == null) {
                seen.put(key, bar);
            } else {
                known.to = now;
                if (!LockRecord.UNKNOWN_LANE.equals(bar.lane)) {
                    known.lane = bar.lane; // its ticket was caught before its body was written: now we know whose it is
                }
            }
        });
        seen.values().removeIf(bar -> !bar.open && bar.to < now - SPAN_MILLIS);
    }

    /** The builds the usage history holds, oldest first ({@link UsageHistory#read()}), as read last. */
    void recorded(List<BuildUsage> builds) {
        recorded = builds;
    }

    /** Reads the landings' phases and ends from the activity lines; a lane still landing has its last bar open. */
    void landings(List<ActivityLine> activity, Map<String, LandingNote> underWay, long now) {
        List<Bar> bars = new ArrayList<>();
        List<Mark> ends = new ArrayList<>();
        Map<String, Bar> lastOpen = new HashMap<>();
        for (ActivityLine line : activity) {
            long ts = line.ts();
            String lane = line.lane();
            Bar before = lastOpen.remove(lane);
            if (before != null) {
                before.to = ts;
                before.open = false;
            }
            if (line.startsPhase()) {
                Bar bar = new Bar(lane, kind(line.phase()), ts, now, true);
                bars.add(bar);
                lastOpen.put(lane, bar);
            } else if (line.outcome().isPresent()) {
                String test = line.test();
                ends.add(new Mark(lane, ts, line.outcome().get(), test != null ? test : line.reason()));
            }
        }
        lastOpen.forEach((lane, bar) -> {
            if (!underWay.containsKey(lane)) {
                bar.open = false; // its lander died without an end: the bar stops where nothing more was heard
                bar.to = bar.from;
            }
        });
        bars.removeIf(bar -> bar.to < now - SPAN_MILLIS);
        ends.removeIf(mark -> mark.at < now - SPAN_MILLIS);
        landingBars = bars;
        marks = ends;
    }

    /** The bar a landing's phase draws: waiting for a build slot is a wait, as a build's is, never "landing" or "checking". */
    static String kind(Optional<Phase> phase) {
        switch (phase.orElse(Phase.FETCH)) { // a later version's phase: its landing's own work
            case QUEUE_WAIT:
                return "queued";
            case SLOT_WAIT:
                return "waiting";
            case CHECKS:
                return "checking";
            case PUSH:
                return "pushing";
            default:
                return "landing"; // start-up, fetch, rebase, sync
        }
    }

    /**
     * Every bar, build queue first, with open ones reaching {@code now}. A wait whose ticket was never
     * read with its body names no lane and is left out: a row needs a lane to be true.
     */
    List<Bar> bars(long now) {
        List<Bar> all = new ArrayList<>();
        for (Bar bar : seen.values()) {
            if (!LockRecord.UNKNOWN_LANE.equals(bar.lane)) {
                all.add(new Bar(bar.lane, bar.kind, bar.pid, bar.from, bar.open ? now : bar.to, bar.open));
            }
        }
        int live = all.size();
        for (BuildUsage build : recorded) {
            String lane = build.lane().orElse(null);
            if (lane == null) {
                continue;
            }
            long start = build.startEpochMillis();
            if (build.waitedMillis() > 0) {
                addUnlessSeen(all, live, new Bar(lane, "waiting", build.pid(), start - build.waitedMillis(), start, false), now);
            }
            addUnlessSeen(all, live, new Bar(lane, "building", build.pid(), start, build.endEpochMillis(), false), now);
        }
        for (Bar bar : landingBars) {
            all.add(new Bar(bar.lane, bar.kind, bar.from, bar.open ? now : bar.to, bar.open));
        }
        return all;
    }

    /** Adds a recorded build's bar if it ends within the hour and none of the first {@code live} bars (those seen live) is the same. */
    private static void addUnlessSeen(List<Bar> all, int live, Bar recorded, long now) {
        if (recorded.to < now - SPAN_MILLIS) {
            return;
        }
        for (int i = 0; i < live; i++) {
            if (all.get(i).sameAs(recorded)) {
                return;
            }
        }
        all.add(recorded);
    }

    List<Mark> marks() {
        return marks;
    }
}

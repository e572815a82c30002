package dev.queuelock.land.watch;

import dev.queuelock.Durations;
import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.base.QueuePause;
import dev.queuelock.land.history.LandStats;
import dev.queuelock.land.history.LandingNote;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Where a waiter of the land queue stands, as a waiting lander, status and its JSON say it: its
 * place in line, what is ahead of it lane by lane (the holder checking, pushing or paused; waiters
 * queued or taken into the holder's landing) and an estimate by the one rule the waiters' ETA follows
 * ({@link LandEta}): what is left of the holder's median landing, then a median landing for each
 * waiter ahead; none without history, behind a holder whose lander has ended, or behind one past the
 * median. Read from what the queue and the landings' notes say now; a lane whose landing note is
 * missing is said to be landing, nothing more.
 */
public final class LandQueuePlace {

    private final QueueSnapshot queue;
    private final Map<String, LandingNote> landings;
    private final Optional<QueuePause> pause;
    private final Predicate<LockRecord> taken;
    private final LandStats stats;
    private final long nowMillis;

    /**
     * @param landings  the landings under way by lane ({@code InFlightLanding.live})
     * @param taken     the waiters the holder took into its landing (a batch, the checks side by side)
     * @param nowMillis now, epoch milliseconds: what the holder has held is counted to it
     */
    public LandQueuePlace(QueueSnapshot queue, Map<String, LandingNote> landings, Optional<QueuePause> pause,
            Predicate<LockRecord> taken, LandStats stats, long nowMillis) {
        this.queue = queue;
        this.landings = landings;
        this.pause = pause;
        this.taken = taken;
        this.stats = stats;
        this.nowMillis = nowMillis;
    }

    /** The index among the waiters of the one of process {@code pid}; -1 if it waits no more (or not yet). */
    public int indexOf(long pid) {
        List<LockRecord> waiters = queue.waiters();
        for (int i = 0; i < waiters.size(); i++) {
            if (waiters.get(i).pid() == pid) {
                return i;
            }
        }
        return -1;
    }

    /**
     * E.g. {@code 3rd in line for the land queue; ahead: lane a checking, lane b queued, lane c queued; about 1m 10s
     * (lane a has held the land queue 20s of a 30s median landing, then 2 more landings of 30s each)}.
     */
    public String line(int index) {
        List<String> ahead = new ArrayList<>();
        aheadOf(index).forEach((lane, state) -> ahead.add("lane " + lane + " " + state));
        return ordinal(index + 1) + " in line for the land queue; ahead: " + (ahead.isEmpty() ? "nobody" : String.join(", ", ahead))
                + "; " + estimateText(index);
    }

    /** {@link #line}'s facts as JSON: place, ahead (lane and state, in order), estimateMillis (null: none), text. */
    public Map<String, Object> json(int index) {
        Map<String, Object> json = new LinkedHashMap<>();
        LockRecord waiter = queue.waiters().get(index);
        json.put("lane", waiter.lane());
        json.put("pid", waiter.pid());
        json.put("place", index + 1);
        List<Object> ahead = new ArrayList<>();
        aheadOf(index).forEach((lane, state) -> ahead.add(Map.of("lane", lane, "state", state)));
        json.put("ahead", ahead);
        json.put("estimateMillis", estimate(index).map(Duration::toMillis).orElse(null));
        json.put("text", line(index));
        return json;
    }

    /** Lane to what it does, holders first, then the waiters ahead of waiter {@code index}, in queue order. */
    private Map<String, String> aheadOf(int index) {
        Map<String, String> ahead = new LinkedHashMap<>();
        for (LockRecord holder : queue.holders()) {
            ahead.put(holder.lane(), holding(holder) + priority(holder));
        }
        String holderLane = queue.holders().isEmpty() ? null : queue.holders().get(0).lane();
        for (LockRecord waiter : queue.waiters().subList(0, index)) {
            String state = holderLane != null && taken.test(waiter) ? "taken into lane " + holderLane + "'s landing" : "queued";
            ahead.put(waiter.lane(), state + priority(waiter));
        }
        return ahead;
    }

    /** What the holder does, as its landing note says; paused while the pause holds it before its checks. */
    private String holding(LockRecord holder) {
        LandingNote note = landings.get(holder.lane());
        Phase phase = note == null ? null : note.phase().orElse(null);
        if (phase == null) {
            return "landing";
        }
        switch (phase) {
            case CHECKS:
                return "checking";
            case PUSH:
                return "pushing";
            case SYNC:
                return "landed, syncing the main checkout";
            default:
                return pause.isPresent() ? "paused before its checks" : "landing (" + note.phaseWords() + ")";
        }
    }

    private static String priority(LockRecord r) {
        return r.highPriority() ? " (priority high)" : "";
    }

    /** The estimate of waiter {@code index}, by {@link LandEta}'s rule; zero when due now, empty where none can be given. */
    private Optional<Duration> estimate(int index) {
        if (pause.isPresent() || queue.holders().size() + index == 0) {
            return Optional.empty();
        }
        Optional<LockRecord> holder = LandEta.holder(queue);
        if (holder.isEmpty()) {
            return stats.medianHold().map(median -> median.multipliedBy(index)); // nobody holds: the waiters ahead alone
        }
        Duration held = LandEta.held(holder, nowMillis);
        if (queue.ended(holder.get())) {
            return Optional.empty();
        }
        if (stats.overdue(held)) {
            return index == 0 ? Optional.of(Duration.ZERO) : Optional.empty();
        }
        return stats.eta(index, held);
    }

    private String estimateText(int index) {
        Optional<Duration> median = stats.medianHold();
        Optional<LockRecord> holder = LandEta.holder(queue);
        if (queue.holders().size() + index == 0) {
            return "next up";
        }
        if (pause.isPresent()) {
            return "no estimate while the land queue is paused";
        }
        if (median.isEmpty()) {
            return "no estimate (no landing in the history yet)";
        }
        String each = Durations.format(median.get());
        if (holder.isEmpty()) {
            return "about " + Durations.format(estimate(index).orElseThrow()) + " (" + landings(index) + " ahead at " + each + " each)";
        }
        String lane = "lane " + holder.get().lane();
        if (queue.ended(holder.get())) {
            return "no estimate (" + lane + "'s lander has ended: when its check stops nobody can tell)";
        }
        String held = lane + " has held the land queue " + Durations.format(LandEta.held(holder, nowMillis));
        if (stats.overdue(LandEta.held(holder, nowMillis))) {
            return (index == 0 ? "due now (" : "no estimate (") + held + ", past the median landing of " + each + ")";
        }
        return "about " + Durations.format(estimate(index).orElseThrow()) + " (" + held + " of a " + each + " median landing"
                + (index == 0 ? "" : ", then " + (index == 1 ? "1 more landing of " + each : index + " more landings of " + each + " each")) + ")";
    }

    private static String landings(int count) {
        return count + (count == 1 ? " landing" : " landings");
    }

    /** 1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st. */
    static String ordinal(int n) {
        int lastTwo = n % 100;
        int last = n % 10;
        String suffix = lastTwo >= 11 && lastTwo <= 13 ? "th" : last == 1 ? "st" : last == 2 ? "nd" : last == 3 ? "rd" : "th";
        return n + suffix;
    }
}

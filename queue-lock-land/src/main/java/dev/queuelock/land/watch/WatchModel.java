package dev.queuelock.land.watch;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.repository.changes.Overlap;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.disk.LaneDisks;
import dev.queuelock.land.disk.ReuseSummary;
import dev.queuelock.land.history.ActivityLine;
import dev.queuelock.land.base.QueuePause;
import dev.queuelock.land.history.LandRun;
import dev.queuelock.land.history.LandStats;
import dev.queuelock.land.history.LandingNote;
import dev.queuelock.land.lanes.LaneStage;
import dev.queuelock.land.lanes.LaneState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * One look at everything the watch shows, read from the same state files {@code status} reads and
 * rendered from here alike by the terminal ({@link ScreenText}, {@link ChangeLine}) and the page
 * ({@link PageJson}). Reading it takes no lock and writes nothing.
 */
public final class WatchModel {

    final long now;
    final QueueSnapshot build;
    final QueueSnapshot land;
    /** The landings under way by lane: their in-flight notes. */
    final Map<String, LandingNote> landing;
    final List<LandRun> landings;
    final Map<String, Long> flaky;
    final List<LaneState> lanes;
    /** Each lane's last landing end in the activity file, by lane. */
    final Map<String, ActivityLine> lastEnds;
    /** What the lanes take on disk, as last counted. */
    final LaneDisks disk;
    final Timeline timeline;
    /** The landings' checks and batches so far. */
    final UnderWay underWay;
    /** The land queue's pause; null while it runs. */
    final QueuePause pause;
    /** Lanes that change the same files (the conflicts forecast). */
    final List<Overlap> overlaps;
    /** The land waiters the holder took into its landing (its batch, its train), as the batch board said. */
    final Predicate<LockRecord> taken;
    /** What the store of modules' outputs holds and what reuse left unbuilt, as read with the lanes. */
    final Optional<ReuseSummary> reuse;

    WatchModel(long now, QueueSnapshot build, QueueSnapshot land, Map<String, LandingNote> landing, List<LandRun> landings,
            Map<String, Long> flaky, List<LaneState> lanes, Map<String, ActivityLine> lastEnds, LaneDisks disk,
            Timeline timeline, UnderWay underWay) {
        this(now, build, land, landing, landings, flaky, lanes, lastEnds, disk, timeline, underWay, null, List.of(), waiter -> false,
                Optional.empty());
    }

    private WatchModel(long now, QueueSnapshot build, QueueSnapshot land, Map<String, LandingNote> landing, List<LandRun> landings,
            Map<String, Long> flaky, List<LaneState> lanes, Map<String, ActivityLine> lastEnds, LaneDisks disk,
            Timeline timeline, UnderWay underWay, QueuePause pause, List<Overlap> overlaps, Predicate<LockRecord> taken,
            Optional<ReuseSummary> reuse) {
        this.now = now;
        this.build = build;
        this.land = land;
        this.landing = landing;
        this.landings = landings;
        this.flaky = flaky;
        this.lanes = lanes;
        this.lastEnds = lastEnds;
        this.disk = disk;
        this.timeline = timeline;
        this.underWay = underWay;
        this.pause = pause;
        this.overlaps = overlaps;
        this.taken = taken;
        this.reuse = reuse;
    }

    /** This look with the land queue's pause as the state folder said it (null: it runs) and the lanes' overlaps. */
    WatchModel with(QueuePause landPause, List<Overlap> laneOverlaps) {
        return new WatchModel(now, build, land, landing, landings, flaky, lanes, lastEnds, disk, timeline, underWay, landPause,
                List.copyOf(laneOverlaps), taken, reuse);
    }

    /** This look with the land waiters the holder took into its landing. */
    WatchModel taking(Predicate<LockRecord> takenIntoLanding) {
        return new WatchModel(now, build, land, landing, landings, flaky, lanes, lastEnds, disk, timeline, underWay, pause, overlaps,
                takenIntoLanding, reuse);
    }

    /** This look with what the reuse store holds and what reuse left unbuilt, as read with the lanes. */
    WatchModel reusing(Optional<ReuseSummary> store) {
        return new WatchModel(now, build, land, landing, landings, flaky, lanes, lastEnds, disk, timeline, underWay, pause, overlaps,
                taken, store);
    }

    /** The same look, timed at {@code at}: what a clock tick redraws without reading anything again. */
    WatchModel at(long at) {
        return new WatchModel(at, build, land, landing, landings, flaky, lanes, lastEnds, disk, timeline, underWay, pause, overlaps, taken, reuse);
    }

    /** The build queue as this look read it. */
    public QueueSnapshot buildQueue() {
        return build;
    }

    /** The land queue as this look read it. */
    public QueueSnapshot landQueue() {
        return land;
    }

    /** The lanes with a landing under way, their landers judged alive by this look. */
    public java.util.Set<String> landingsUnderWay() {
        return landing.keySet();
    }

    LandStats stats() {
        return new LandStats(landings);
    }

    /** Where each land waiter stands, by the rule status and the waiting lander say it with ({@link LandQueuePlace}). */
    LandQueuePlace places() {
        return new LandQueuePlace(land, landing, Optional.ofNullable(pause), taken, stats(), now);
    }

    /** Whether anything shown counts time (a hold, a wait, a landing): then the view ticks, else it sleeps. */
    boolean counting() {
        return !build.holders().isEmpty() || !build.waiters().isEmpty() || !land.holders().isEmpty() || !landing.isEmpty();
    }

    /** The lane's name: its worktree's directory name, as queue records and landing notes name it. */
    static String name(LaneState lane) {
        return String.valueOf(lane.lane().path().getFileName());
    }

    /**
     * A lane's state in one word or two: landing (phase), building, waiting, refused (the failing
     * test, else the reason), landed, new (no commits of its own yet), editing (someone works in
     * it) or idle: what happened to it as status says it ({@link LaneStage}), with what runs now.
     */
    String state(LaneState lane) {
        String name = name(lane);
        LandingNote note = landing.get(name);
        if (note != null) {
            return "landing (" + note.phaseWords() + ")";
        }
        if (holds(build, name)) {
            return "building";
        }
        if (build.waiters().stream().anyMatch(w -> w.lane().equals(name))) {
            return "waiting";
        }
        Optional<String> refused = refusal(lane);
        if (refused.isPresent() && lane.ahead() > 0) {
            return "refused: " + refused.get();
        }
        if (lane.stage() == LaneStage.REFUSED || lane.stage() == LaneStage.LANDED || lane.stage() == LaneStage.NEW) {
            return lane.stage().word();
        }
        return lane.live() ? "editing" : "idle";
    }

    /** Why the lane's last landing was refused, its failing test first; empty if it landed or never ended. */
    Optional<String> refusal(LaneState lane) {
        return refusedEnd(lane).map(end -> {
            String test = end.test();
            return test != null ? test : reason(end);
        });
    }

    /** The whole of why the lane's last landing was refused ({@code rebase-conflict: rebase of ...}); empty if it was not. */
    Optional<String> refusalReason(LaneState lane) {
        return refusedEnd(lane).map(WatchModel::reason);
    }

    private static String reason(ActivityLine end) {
        return end.outcome().map(Outcome::id).orElse("") + ": " + end.reason();
    }

    /**
     * The lane's last landing end if it was a refusal and came after the lane was made: an end of a
     * pruned lane whose name a new lane took is not the new lane's.
     */
    private Optional<ActivityLine> refusedEnd(LaneState lane) {
        ActivityLine end = lastEnds.get(name(lane));
        if (end == null || end.ts() < lane.lane().madeAt() || !end.outcome().map(Outcome::refused).orElse(false)) {
            return Optional.empty();
        }
        return Optional.of(end);
    }

    static boolean holds(QueueSnapshot queue, String lane) {
        return queue.holders().stream().anyMatch(h -> h.lane().equals(lane));
    }

    /** The land queue's holders with the phase their in-flight note names, longest-held first. */
    List<LockRecord> landers() {
        return new ArrayList<>(land.holders());
    }
}

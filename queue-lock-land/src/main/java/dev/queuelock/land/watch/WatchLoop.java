package dev.queuelock.land.watch;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.repository.changes.Overlap;
import dev.queuelock.file.DirectoryEvents;
import dev.queuelock.file.EventPump;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.base.QueuePause;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.land.batch.BatchBoard;
import dev.queuelock.land.checks.FlakyTests;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.land.disk.LaneDisks;
import dev.queuelock.land.disk.ReuseSummary;
import dev.queuelock.land.history.Activity;
import dev.queuelock.land.history.ActivityLine;
import dev.queuelock.land.history.InFlightLanding;
import dev.queuelock.land.history.LandHistory;
import dev.queuelock.land.history.LandRun;
import dev.queuelock.land.history.LandingNote;
import dev.queuelock.land.lanes.LaneState;
import dev.queuelock.land.notify.Notifier;
import dev.queuelock.land.watch.Wakes.Part;
import dev.queuelock.build.slots.UsageHistory;
import dev.queuelock.spi.QueueChanges;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The watch: reads a {@link WatchModel}, shows it, and sleeps until a queue's backend reports a change in it
 * ({@link WatchSources#buildChanges}: the kernel's file events of a file queue, ZooKeeper's watches of another
 * machine's landing) or the kernel one in the repository's state ({@link DirectoryEvents}). What changed is read
 * again, nothing else: a queue when it changed, the landings when the state changes, the lanes (which runs git) at
 * most every {@value #LANES_EVERY_MILLIS} ms, a check's log on from where it stopped every
 * {@value #CHECKS_EVERY_MILLIS} ms while a landing is in its checks, the build queue's usage history when that
 * queue changed and the file is another (each record renames a new file over it). While something counts time (a
 * hold, a wait, a landing) the view is shown again every {@code tickMillis} from what was read, without reading;
 * with nothing to count it sleeps until a change. While it shows a process (a holder, a waiter, a landing under
 * way), it judges again every second whether that process lives ({@link Rejudging}). Takes no lock and writes
 * nothing.
 */
public final class WatchLoop {

    static final long LANES_EVERY_MILLIS = 2000;
    /** How often a check's log is read on while a landing is in its checks. */
    static final long CHECKS_EVERY_MILLIS = 1000;
    /** How many recent landings and flaky tests are read. */
    static final int FLAKIEST = 5;

    private final WatchSources sources;
    private final Alerts alerts;
    private final long tickMillis;
    private final Timeline timeline = new Timeline();

    private QueueSnapshot build;
    private QueueSnapshot land;
    private Map<String, LandingNote> landing = Map.of();
    private List<LandRun> landings = List.of();
    private Map<String, Long> flaky = Map.of();
    private Map<String, ActivityLine> lastEnds = Map.of();
    private List<LaneState> lanes = List.of();
    private QueuePause pause;
    private List<Overlap> overlaps = List.of();
    /** The land waiters taken into the holder's landing, as the batch board was last read with the land queue. */
    private Predicate<LockRecord> taken = waiter -> false;
    /** The batches and checks side by side under way, as the batch board was last read. */
    private UnderWay onBoard = UnderWay.NONE;
    private LaneDisks disk = LaneDisks.NONE;
    private Optional<ReuseSummary> reuse = Optional.empty();
    private CheckProgress checks;
    /** The usage history's file as last read (its key and time), so a changed build queue rereads it only when it was rewritten. */
    private Object usageRead;
    private long lanesReadAt;
    private final Rejudging rejudging = new Rejudging();
    private boolean lanesDue;

    /**
     * @param tickMillis how often a view that counts time is shown again; 0: only when something changes
     */
    public WatchLoop(WatchSources sources, Notifier notifier, long tickMillis) {
        this.sources = sources;
        this.alerts = new Alerts(notifier, sources.usageHistory());
        this.tickMillis = tickMillis;
    }

    /** One look at everything, read now. */
    public WatchModel look() {
        readQueues();
        readState();
        readLanes();
        rejudging.judged();
        return model(System.currentTimeMillis());
    }

    /** Shows each look until interrupted. */
    public void run(Consumer<WatchModel> show) throws InterruptedException, IOException {
        WatchModel model = look();
        Wakes wakes = new Wakes();
        try (QueueChanges buildChanges = sources.buildChanges(() -> wakes.mark(Part.BUILD));
                QueueChanges landChanges = sources.landChanges(() -> wakes.mark(Part.LAND));
                QueueChanges stateChanges = stateChanges(wakes)) {
            while (!Thread.currentThread().isInterrupted()) {
                show.accept(model);
                alerts.check(model);
                long sleep = model.counting() && tickMillis > 0 ? tickMillis : Long.MAX_VALUE;
                if (lanesDue) {
                    sleep = Math.min(sleep, Math.max(1, lanesReadAt + LANES_EVERY_MILLIS - System.currentTimeMillis()));
                }
                sleep = Math.min(sleep, alerts.nextCheckMillis());
                if (checking()) {
                    sleep = Math.min(sleep, CHECKS_EVERY_MILLIS);
                }
                Set<Part> changed = wakes.await(rejudging.sleep(model, sleep));
                boolean judge = rejudging.due(model);
                if (changed.contains(Part.BUILD) || judge && Rejudging.shows(build)) {
                    build = sources.build();
                    readUsage();
                }
                if (changed.contains(Part.LAND) || judge && Rejudging.shows(land)) {
                    land = sources.land();
                    taken = UnderWay.taken(sources.commonDir(), land.waiters());
                }
                if (changed.contains(Part.STATE) || judge && Rejudging.landersDied(landing, sources.commonDir())) {
                    readState();
                }
                lanesDue |= !changed.isEmpty();
                if (lanesDue && System.currentTimeMillis() - lanesReadAt >= LANES_EVERY_MILLIS) {
                    readLanes();
                }
                model = model(System.currentTimeMillis());
            }
        }
    }

    /** The kernel's file events in the repository's state and its branches; none outside git. */
    private QueueChanges stateChanges(Wakes wakes) throws IOException {
        Path common = sources.commonDir();
        if (common == null) {
            return QueueChanges.NONE;
        }
        Path state = RepoContext.stateDir(common);
        DirectoryEvents events = new DirectoryEvents(common);
        events.watch(List.of(state, StateEntry.LANDINGS.in(state), new BatchBoard(common).directory().resolve("verdicts")));
        events.watchTree(common.resolve("refs").resolve("heads"));
        return EventPump.start(events, "the repository's state", () -> wakes.mark(Part.STATE));
    }

    private WatchModel model(long now) {
        timeline.observe(build, now);
        return new WatchModel(now, build, land, landing, landings, flaky, lanes, lastEnds, disk, timeline, underWay()).with(pause, overlaps)
                .taking(taken).reusing(reuse);
    }

    /** Whether a landing is in its checks: their logs are read on while it is. */
    private boolean checking() {
        return landing.values().stream().anyMatch(note -> note.isIn(Phase.CHECKS));
    }

    /** The checks' progress, read on from where the last look stopped, and the batches as the state was last read. */
    private UnderWay underWay() {
        if (checks == null) {
            return onBoard;
        }
        Map<String, String> progress = new HashMap<>();
        Set<String> inChecks = new HashSet<>();
        landing.forEach((lane, note) -> {
            if (note.isIn(Phase.CHECKS)) {
                inChecks.add(lane);
                checks.of(lane, note.since(), onBoard.batches.containsKey(lane)).ifPresent(text -> progress.put(lane, text));
            }
        });
        checks.keepOnly(inChecks);
        return onBoard.withChecks(progress);
    }

    private void readQueues() {
        build = sources.build();
        land = sources.land();
        readUsage();
        taken = UnderWay.taken(sources.commonDir(), land.waiters());
    }

    /** The builds recorded in the build queue's usage history, for the timeline: read again only if the file is another. */
    private void readUsage() {
        Path file = sources.usageHistory();
        Object version;
        try {
            BasicFileAttributes attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            version = List.of(String.valueOf(attributes.fileKey()), attributes.lastModifiedTime(), attributes.size());
        } catch (IOException e) {
            version = "none";
        }
        if (!version.equals(usageRead)) {
            usageRead = version;
            timeline.recorded(new UsageHistory(file).read());
        }
    }

    private void readState() {
        Path common = sources.commonDir();
        if (common == null) {
            return;
        }
        Path state = RepoContext.stateDir(common);
        if (checks == null) {
            checks = new CheckProgress(StateEntry.CHECK_LOGS.in(state));
        }
        landing = InFlightLanding.live(state);
        pause = QueuePause.of(state).orElse(null);
        onBoard = UnderWay.onBoard(new BatchBoard(common));
        taken = UnderWay.taken(sources.commonDir(), land.waiters());
        landings = new LandHistory(common).read();
        flaky = new FlakyTests(common).flakiest(FLAKIEST);
        List<ActivityLine> activity = new Activity(state).read();
        Map<String, ActivityLine> ends = new HashMap<>();
        for (ActivityLine line : activity) {
            if (line.outcome().isPresent()) {
                ends.put(line.lane(), line);
            }
        }
        lastEnds = ends;
        timeline.landings(activity, landing, System.currentTimeMillis());
    }

    private void readLanes() {
        lanes = new ArrayList<>(sources.lanes());
        overlaps = sources.overlaps(lanes);
        long now = System.currentTimeMillis();
        disk = sources.disk(lanes); // counted in the background: never waits on a large tree
        reuse = sources.reuse();
        lanesReadAt = now;
        lanesDue = false;
    }
}

package dev.queuelock.land.watch;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.repository.changes.Overlap;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.lanes.LaneState;
import dev.queuelock.land.notify.Notifier;
import dev.queuelock.build.slots.BuildUsage;
import dev.queuelock.build.slots.UsageHistory;
import dev.queuelock.build.slots.UsualHolds;
import dev.queuelock.UsualHold;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The events only time reveals, which the watch fires (the lander fires landed and refused
 * itself): a landing in a phase far past its usual time, a build waiting far past a usual build,
 * a lane idle and unlanded for long, a flaky test seen, two lanes found changing the same files
 * (the conflicts forecast, which only the watch looks at over time), and free space fallen low. Each
 * fires once per occurrence.
 */
final class Alerts {

    /** How many times its usual length a phase or a wait may take before a person is told. */
    static final int FAR_PAST = UsualHold.FAR_PAST;
    static final long MIN_STUCK_MILLIS = 120_000;
    static final long MIN_WAIT_MILLIS = 600_000;
    static final long IDLE_UNLANDED_MILLIS = 3_600_000;
    /** How often time-based events are looked for while someone is to be told. */
    static final long CHECK_EVERY_MILLIS = 30_000;

    /** The event, and its mark among those fired, of free space fallen low. */
    static final String LOW_SPACE = "low-space";

    private final Notifier notifier;
    private final Set<String> fired = new HashSet<>();
    /** The build queue's usage history ({@code Queue#usageHistory()}): what a usual build takes. */
    private final Path usageHistory;
    private Map<String, Long> flakySeen;

    Alerts(Notifier notifier, Path usageHistory) {
        this.notifier = notifier;
        this.usageHistory = usageHistory;
    }

    long nextCheckMillis() {
        return notifier.active() ? CHECK_EVERY_MILLIS : Long.MAX_VALUE;
    }

    void check(WatchModel m) {
        if (!notifier.active()) {
            return;
        }
        stuckLandings(m);
        longWaits(m);
        idleLanes(m);
        flaky(m);
        overlaps(m);
        lowSpace(m);
    }

    /** Free space fallen under {@code queuelock.lanes.lowFreeSpaceGb} ({@code LaneDisks#lowSpace}): told once each time it falls. */
    private void lowSpace(WatchModel m) {
        Optional<String> low = m.disk.lowSpace();
        if (low.isEmpty()) {
            fired.remove(LOW_SPACE);
        } else if (fired.add(LOW_SPACE)) {
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("reason", low.get());
            notifier.send(LOW_SPACE, fields);
        }
    }

    /** Two lanes newly found changing the same files (or their commits newly found to conflict): told once per finding. */
    private void overlaps(WatchModel m) {
        for (Overlap overlap : m.overlaps) {
            if (fired.add("overlap " + overlap.describe())) {
                Map<String, Object> fields = new LinkedHashMap<>();
                fields.put("lane", overlap.second);
                fields.put("lanes", List.of(overlap.first, overlap.second));
                fields.put("files", overlap.files);
                fields.put("conflict", overlap.conflict == null || !overlap.conflict.judged ? null : overlap.conflict.conflicts());
                fields.put("reason", overlap.describe());
                notifier.send("overlap", fields);
            }
        }
    }

    /**
     * A landing far past its usual time in a phase of its own work. Waits are nobody's being stuck:
     * its turn in the land queue, or a build slot for its checks (told as a wait by
     * {@link #longWaits}); the checks are timed from when their slot was taken, and a phase no
     * landed run has timed yet has no usual time to be far past.
     */
    private void stuckLandings(WatchModel m) {
        if (m.pause != null) {
            return; // a paused queue's landers wait for a resume, said on the screen: nobody is stuck
        }
        m.landing.forEach((lane, note) -> {
            long pid = note.pid();
            if (note.isIn(Phase.QUEUE_WAIT) || waitsIn(m.build, pid)) {
                return;
            }
            String phase = note.phaseWords();
            long since = note.since();
            if (note.isIn(Phase.CHECKS)) {
                since = Math.max(since, heldSince(m.build, pid, since));
            }
            long usual = note.phase().map(p -> usualPhase(m, p)).orElse(0L);
            long in = m.now - since;
            if (usual > 0 && in > Math.max(MIN_STUCK_MILLIS, FAR_PAST * usual) && fired.add("stuck " + lane + " " + phase + " " + since)) {
                Optional<String> logs = note.isIn(Phase.CHECKS) ? outputOf(m.build, pid) : Optional.empty();
                send("stuck", lane, "landing in " + phase + " for " + in / 1000 + " s; usually " + usual / 1000 + " s; look at"
                        + logs.map(dir -> " its check log, the newest file in " + dir + ", and").orElse("")
                        + " the land command's output in lane " + lane, in);
            }
        });
    }

    private static boolean waitsIn(QueueSnapshot queue, long pid) {
        return queue.waiters().stream().anyMatch(w -> w.pid() == pid);
    }

    /** When process {@code pid} took its slot in {@code queue}, or {@code otherwise} if it holds none. */
    private static long heldSince(QueueSnapshot queue, long pid, long otherwise) {
        return queue.holders().stream().filter(h -> h.pid() == pid).mapToLong(LockRecord::ts).min().orElse(otherwise);
    }

    /** Where the slot process {@code pid} holds records its output ({@link LockRecord#output()}): a lander's check logs. */
    private static Optional<String> outputOf(QueueSnapshot queue, long pid) {
        return queue.holders().stream().filter(h -> h.pid() == pid).map(LockRecord::output).flatMap(Optional::stream).findFirst();
    }

    /** The median time landed runs spent in {@code phase}. */
    private static long usualPhase(WatchModel m, Phase phase) {
        long[] times = m.landings.stream().filter(r -> r.outcome() == Outcome.LANDED)
                .mapToLong(r -> r.phase(phase)).sorted().toArray();
        return times.length == 0 ? 0 : times[times.length / 2];
    }

    private void longWaits(WatchModel m) {
        if (m.build.waiters().isEmpty()) {
            return; // nobody waits: the history need not be read
        }
        // Every build leaves its times, under fixed slots too: its usual length needs no auto figures.
        long[] walls = new UsageHistory(usageHistory).read().stream()
                .mapToLong(BuildUsage::wallMillis).sorted().toArray();
        long usual = walls.length == 0 ? 0 : walls[walls.length / 2];
        for (LockRecord w : m.build.waiters()) {
            long waited = m.now - w.ts();
            if (waited > Math.max(MIN_WAIT_MILLIS, FAR_PAST * usual) && fired.add("wait " + w.pid() + " " + w.ts())) {
                // A lander waits here for a slot for its checks: said as such, not as a build nor as its checks.
                String who = UsualHolds.kind(w.label().orElse(null)).equals(UsualHolds.LAND_CHECKS)
                        ? "a landing has waited " + waited / 1000 + " s for a build slot for its checks"
                        : "a build has waited " + waited / 1000 + " s for a slot";
                send("waiting", w.lane(), who + "; a build usually takes " + usual / 1000 + " s", waited);
            }
        }
    }

    private void idleLanes(WatchModel m) {
        for (LaneState lane : m.lanes) {
            String name = WatchModel.name(lane);
            if (lane.live() || lane.ahead() <= 0) {
                fired.remove("idle " + name);
            } else if (lane.idle().toMillis() > IDLE_UNLANDED_MILLIS && fired.add("idle " + name)) {
                send("idle", name, lane.ahead() + " commits not landed and nobody in the lane for " + lane.idle().toMinutes()
                        + " min", lane.idle().toMillis());
            }
        }
    }

    private void flaky(WatchModel m) {
        if (flakySeen != null) {
            m.flaky.forEach((test, times) -> {
                if (times > flakySeen.getOrDefault(test, 0L)) {
                    Map<String, Object> fields = new LinkedHashMap<>();
                    fields.put("test", test);
                    fields.put("times", times);
                    notifier.send("flaky", fields);
                }
            });
        }
        flakySeen = new LinkedHashMap<>(m.flaky);
    }

    private void send(String event, String lane, String reason, long millis) {
        Map<String, Object> fields = new LinkedHashMap<>();
        fields.put("lane", lane);
        fields.put("reason", reason);
        fields.put("millis", millis);
        notifier.send(event, fields);
    }
}

package dev.queuelock.testsupport;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * The holds of a run of {@link LockWorker}s, read from their events: how many held at once, and how
 * fast a freed slot went to a waiter. The benchmark's {@code HandOffs} counts hand-offs by the same
 * rule (it cannot use this class: it is main code, and this is the core's test-jar).
 */
public final class Holds {

    private final List<Hold> holds;

    private Holds(List<Hold> holds) {
        this.holds = holds;
    }

    /**
     * @param stoppedAt by pid, when the test killed or terminated a worker, taken before the
     *                  signal: its hold counts as ended there. A killed worker logs no release; a
     *                  terminated one logs it from its shutdown hook, which may run after the
     *                  lock's own hook has released and the next waiter has taken the slot.
     *                  Any other unreleased hold never ends.
     */
    public static Holds of(LockWorkers workers, Map<Long, Long> stoppedAt) {
        List<WorkerEvent> released = workers.events("released");
        List<Hold> holds = new ArrayList<>();
        for (WorkerEvent acquired : workers.events("acquired")) {
            // A terminated holder's shutdown hook logs its release as round -1.
            long end = released.stream()
                    .filter(r -> r.pid() == acquired.pid() && (r.round() == acquired.round() || r.round() < 0))
                    .mapToLong(WorkerEvent::nanos).findFirst().orElse(Long.MAX_VALUE);
            holds.add(new Hold(acquired, Math.min(end, stoppedAt.getOrDefault(acquired.pid(), Long.MAX_VALUE))));
        }
        return new Holds(holds);
    }

    public static Holds of(LockWorkers workers) {
        return of(workers, Map.of());
    }

    /** The most holds that overlap in time. */
    public int mostAtOnce() {
        int now = 0;
        int most = 0;
        for (Moment moment : moments()) {
            now += moment.isRelease() ? -1 : 1;
            most = Math.max(most, now);
        }
        return most;
    }

    /**
     * The hand-offs of freed slots, in ms: from a release made while all {@code slots} were busy to
     * the next acquire, when that acquire is another worker's that was already waiting at the release
     * (it was blocked because every slot was taken). A release while a slot was free already hands
     * nothing on. With one slot: release to the next acquire of a waiter.
     *
     * @param fromRound leave out each worker's rounds before this one (a cold JVM's first take)
     */
    public List<Double> handOffsMs(int slots, int fromRound) {
        List<Double> handOffs = new ArrayList<>();
        int holders = 0;
        Hold freed = null;
        for (Moment moment : moments()) {
            Hold hold = moment.hold();
            if (moment.isRelease()) {
                if (holders-- >= slots) {
                    freed = hold;
                }
                continue;
            }
            holders++;
            if (freed != null && hold.pid() != freed.pid() && hold.asked() < freed.released()
                    && hold.round() >= fromRound) {
                handOffs.add((hold.acquired() - freed.released()) / 1e6);
            }
            freed = null;
        }
        return handOffs;
    }

    /** Acquires and releases in time order; at the same instant a release first. */
    private List<Moment> moments() {
        List<Moment> moments = new ArrayList<>();
        for (Hold hold : holds) {
            moments.add(new Moment(hold.acquired(), false, hold));
            if (hold.released() != Long.MAX_VALUE) {
                moments.add(new Moment(hold.released(), true, hold));
            }
        }
        moments.sort(Comparator.comparingLong(Moment::nanos).thenComparing(m -> !m.isRelease()));
        return moments;
    }

    private record Hold(long pid, int round, long asked, long acquired, long released) {

        Hold(WorkerEvent acquired, long released) {
            this(acquired.pid(), acquired.round(), acquired.askedNanos(), acquired.nanos(), released);
        }
    }

    private record Moment(long nanos, boolean isRelease, Hold hold) {
    }
}

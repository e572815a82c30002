package dev.queuelock.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** What a sequence of acquisitions tells: the hand-offs between them and whether any overlapped. */
final class HandOffs {

    private final List<Double> latenciesMs = new ArrayList<>();
    private int overlaps;

    /**
     * A hand-off is the gap between one holder's release and the next holder's acquire, counted
     * only when the next holder was already waiting at that release (else the lock was simply
     * idle) and is another process. Any acquire before the previous release is an overlap: a
     * broken lock.
     */
    static HandOffs of(List<Acquisition> acquisitions) {
        return of(acquisitions, 0, 1);
    }

    /**
     * As {@link #of(List)}, leaving out hand-offs to a worker's first {@code warmUpRounds}
     * acquisitions: N fresh processes enrolling at once, class loading and JIT compilation
     * measure start-up, not hand-off (overlaps are still counted).
     */
    static HandOffs of(List<Acquisition> acquisitions, int warmUpRounds) {
        return of(acquisitions, warmUpRounds, 1);
    }

    /**
     * The hand-offs of a lock that admits {@code slots} holders at once. A hand-off is the gap
     * between a release made while all slots were busy and the next acquire, counted when that
     * acquire is another process's that was already waiting at the release: it was blocked because
     * every slot was taken. (A release while a slot was already free hands nothing on: whoever
     * waits is still waiting for the earlier one.) An acquire that makes more than {@code slots}
     * holders at once is an overlap: a broken lock. With one slot this is {@link #of(List, int)}.
     */
    static HandOffs of(List<Acquisition> acquisitions, int warmUpRounds, int slots) {
        HandOffs result = new HandOffs();
        int holders = 0;
        Acquisition freed = null; // released while every slot was busy, not yet taken again
        for (Moment moment : Moment.inOrder(acquisitions)) {
            Acquisition a = moment.acquisition();
            if (moment.isRelease()) {
                if (holders-- >= slots) {
                    freed = a;
                }
                continue;
            }
            if (++holders > slots) {
                result.overlaps++;
            }
            if (freed != null && a.pid() != freed.pid() && a.asked() < freed.released() && a.round() >= warmUpRounds) {
                result.latenciesMs.add(Clock.ms(a.acquired() - freed.released()));
            }
            freed = null;
        }
        return result;
    }

    /**
     * Pairs (i, j) acquired in the opposite order of their enrollment: 0 for a FIFO queue.
     *
     * @param enrollment pids in enrollment order
     */
    static int inversions(List<Long> enrollment, List<Acquisition> acquisitions) {
        List<Acquisition> sorted = new ArrayList<>(acquisitions);
        sorted.sort(Comparator.comparingLong(Acquisition::acquired));
        List<Integer> ranks = new ArrayList<>();
        for (Acquisition a : sorted) {
            int rank = enrollment.indexOf(a.pid());
            if (rank >= 0) {
                ranks.add(rank);
            }
        }
        int inversions = 0;
        for (int i = 0; i < ranks.size(); i++) {
            for (int j = i + 1; j < ranks.size(); j++) {
                if (ranks.get(i) > ranks.get(j)) {
                    inversions++;
                }
            }
        }
        return inversions;
    }

    /** An acquire or a release; at the same instant a release comes first (a hand-off of 0 ns is no overlap). */
    private record Moment(long nanos, boolean isRelease, Acquisition acquisition) {

        /** Every acquire and release in time order; a hold never released (killed) lasts to the end. */
        static List<Moment> inOrder(List<Acquisition> acquisitions) {
            List<Moment> moments = new ArrayList<>();
            for (Acquisition a : acquisitions) {
                moments.add(new Moment(a.acquired(), false, a));
                if (a.wasReleased()) {
                    moments.add(new Moment(a.released(), true, a));
                }
            }
            moments.sort(Comparator.comparingLong(Moment::nanos).thenComparing(m -> !m.isRelease()));
            return moments;
        }
    }

    List<Double> latenciesMs() {
        return latenciesMs;
    }

    int overlaps() {
        return overlaps;
    }
}

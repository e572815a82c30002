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
        return of(acquisitions, 0);
    }

    /**
     * As {@link #of(List)}, leaving out hand-offs to a worker's first {@code warmUpRounds}
     * acquisitions: N fresh processes enrolling at once, class loading and JIT compilation
     * measure start-up, not hand-off (overlaps are still counted).
     */
    static HandOffs of(List<Acquisition> acquisitions, int warmUpRounds) {
        List<Acquisition> sorted = new ArrayList<>(acquisitions);
        sorted.sort(Comparator.comparingLong(Acquisition::acquired));
        HandOffs result = new HandOffs();
        for (int i = 1; i < sorted.size(); i++) {
            Acquisition previous = sorted.get(i - 1);
            Acquisition next = sorted.get(i);
            if (!previous.wasReleased() || next.acquired() < previous.released()) {
                result.overlaps++;
                continue;
            }
            if (next.pid() != previous.pid() && next.asked() < previous.released() && next.round() >= warmUpRounds) {
                result.latenciesMs.add(Clock.ms(next.acquired() - previous.released()));
            }
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

    List<Double> latenciesMs() {
        return latenciesMs;
    }

    int overlaps() {
        return overlaps;
    }
}

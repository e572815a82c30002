package dev.queuelock.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * Scenario 5: a holder, then W waiters enrolled one at a time in a known order (each one's ticket
 * on disk before the next starts); once the holder lets go, the acquisition order must be the
 * enrollment order (inversions counted) and no two holdings may overlap.
 */
final class FifoAtScale {

    private final Launcher launcher;
    private final RunDir.Parent runs;
    private final int holdMs;

    FifoAtScale(Launcher launcher, RunDir.Parent runs, int holdMs) {
        this.launcher = launcher;
        this.runs = runs;
        this.holdMs = holdMs;
    }

    Measurement measure(int waiters, int reps) throws InterruptedException {
        Measurement result = new Measurement();
        for (int rep = 0; rep < reps; rep++) {
            for (Side side : Side.order(rep)) {
                once(result, side, waiters, rep);
            }
        }
        return result;
    }

    private void once(Measurement result, Side side, int count, int rep) throws InterruptedException {
        RunDir run = runs.create("fifo-" + side.name().toLowerCase() + "-" + rep);
        Workers workers = new Workers(run);
        Process holder = workers.add("holder", launcher.worker(side, run, "holder", "rounds=1", "gate=stdin"));
        workers.awaitHolding("holder", holder);
        List<Long> enrollment = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int enrolled = i + 1;
            enrollment.add(workers.add("w" + i, launcher.worker(side, run, "w" + i, "rounds=1", "hold=" + holdMs)).pid());
            workers.await("waiter " + enrolled + "'s ticket", 120, () -> run.tickets() == enrolled);
        }
        Children.signal(holder);
        workers.awaitAllSucceeded(120 + count * 2);
        List<Acquisition> all = workers.acquisitions();
        HandOffs handOffs = HandOffs.of(all);
        result.add(side, handOffs);
        result.addInversions(side, HandOffs.inversions(enrollment, all));
    }
}

package dev.queuelock.land.batch;

import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.history.LandRun;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * How many lanes the next batch may take, Zuul's way, read from the landing history: the window
 * starts at {@code queuelock.land.batch}; each landing that passed its checks at once (a batch in one
 * check run, or a lane on its own) grows it by one, up to that bound; each batch that failed its
 * check (and was bisected) and each lane refused by its checks halves it. Flaky tests that passed
 * when run again count as passing: they are no failure of the batch.
 */
final class BatchWindow {

    private BatchWindow() {
    }

    /** @param history the landing history, oldest first */
    static int size(List<LandRun> history, int most) {
        int window = most;
        Set<String> batches = new HashSet<>();
        for (LandRun run : history) {
            if (run.batch != null) {
                if (!batches.add(run.batch.id)) {
                    continue; // the batch's other members
                }
                window = run.batch.checkRuns > 1 ? halve(window) : grow(window, most);
            } else if (run.outcome() == Outcome.LANDED) {
                window = grow(window, most);
            } else if (run.outcome() == Outcome.CHECK_FAILED) {
                window = halve(window);
            }
        }
        return window;
    }

    private static int grow(int window, int most) {
        return Math.min(most, window + 1);
    }

    private static int halve(int window) {
        return Math.max(1, window / 2);
    }
}

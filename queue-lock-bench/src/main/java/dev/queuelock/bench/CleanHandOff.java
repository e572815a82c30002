package dev.queuelock.bench;

/**
 * Scenario 1: N worker processes each acquire and release K times, holding {@code hold} ms; the
 * hand-off is the next holder's acquire minus the previous holder's release.
 */
final class CleanHandOff {

    private final Launcher launcher;
    private final RunDir.Parent runs;
    private final int holdMs;
    private final int warmUpRounds;

    CleanHandOff(Launcher launcher, RunDir.Parent runs, int holdMs, int warmUpRounds) {
        this.launcher = launcher;
        this.runs = runs;
        this.holdMs = holdMs;
        this.warmUpRounds = warmUpRounds;
    }

    /** {@code reps} alternations of ours and the peer, {@code rounds} acquisitions per worker each. */
    Measurement measure(int workers, int rounds, int reps) throws InterruptedException {
        Measurement result = new Measurement();
        for (int rep = 0; rep < reps; rep++) {
            for (Side side : Side.order(rep)) {
                result.add(side, once(side, workers, rounds, rep));
            }
        }
        return result;
    }

    private HandOffs once(Side side, int count, int rounds, int rep) throws InterruptedException {
        RunDir run = runs.create("clean-n" + count + "-" + side.name().toLowerCase() + "-" + rep);
        Workers workers = new Workers(run);
        for (int i = 0; i < count; i++) {
            workers.add("w" + i, launcher.worker(side, run, "w" + i, "rounds=" + rounds, "hold=" + holdMs,
                    "ready=" + run.resolve("ready-" + i)));
        }
        workers.awaitReady(count);
        // Everyone competes from the same moment: no hand-off to a worker still starting.
        workers.processes().forEach(Children::signal);
        workers.awaitAllSucceeded(120 + count * rounds * (holdMs + 1000) / 1000);
        return HandOffs.of(workers.acquisitions(), warmUpRounds);
    }
}

package dev.queuelock.land.checks;

import java.nio.file.Path;

/** Checks that run other checks unchanged and then read what their run wrote to its log. */
public abstract class LogReadingChecks implements Checks {

    private final Checks checks;

    protected LogReadingChecks(Checks checks) {
        this.checks = checks;
    }

    @Override
    public final String describe() {
        return checks.describe();
    }

    @Override
    public final boolean run(Path worktree, Path log) throws InterruptedException {
        boolean passed = checks.run(worktree, log);
        read(log, passed);
        return passed;
    }

    /** Reads the log of a run that {@code passed} or not; the run's verdict stands. */
    protected abstract void read(Path log, boolean passed);
}

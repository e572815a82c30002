package dev.queuelock.land;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Checks whose run, passed or failed, says which modules came from maven-build-cache-extension's
 * cache ({@link CacheHits}): with affected-module checks the cache restores what the landing did
 * not change, and a person reading the land report sees what was built and what was not.
 */
public final class CacheHitReportingChecks implements Checks {

    private final Checks checks;
    private final Consumer<String> report;

    public CacheHitReportingChecks(Checks checks, Consumer<String> report) {
        this.checks = checks;
        this.report = report;
    }

    @Override
    public String describe() {
        return checks.describe();
    }

    @Override
    public boolean run(Path worktree, Path log) throws InterruptedException {
        boolean passed = checks.run(worktree, log);
        List<String> hits = CacheHits.in(log);
        if (!hits.isEmpty()) {
            report.accept("check: restored from the build cache (not built): " + String.join(", ", hits));
        }
        return passed;
    }
}

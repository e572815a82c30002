package dev.queuelock.land.checks;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;

/**
 * Checks whose run, passed or failed, says which modules came from maven-build-cache-extension's
 * cache ({@link CacheHits}): with affected-module checks the cache restores what the landing did
 * not change, and a person reading the land report sees what was built and what was not.
 */
public final class CacheHitReportingChecks extends LogReadingChecks {

    private final Consumer<String> report;

    public CacheHitReportingChecks(Checks checks, Consumer<String> report) {
        super(checks);
        this.report = report;
    }

    @Override
    protected void read(Path log, boolean passed) {
        List<String> hits = CacheHits.in(log);
        if (!hits.isEmpty()) {
            report.accept("check: restored from the build cache (not built): " + String.join(", ", hits));
        }
    }
}

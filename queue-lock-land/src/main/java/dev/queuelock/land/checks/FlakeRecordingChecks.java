package dev.queuelock.land.checks;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Checks whose passing run is read for flaky tests - failed, then passed when the check build ran
 * them again ({@link CheckFlakes}) - which are recorded ({@link FlakyTests}) and reported, and
 * refuse nobody: the check passed. A test that fails again fails the check as before.
 */
public final class FlakeRecordingChecks extends LogReadingChecks {

    private final FlakyTests flaky;
    private final Consumer<String> report;

    public FlakeRecordingChecks(Checks checks, FlakyTests flaky, Consumer<String> report) {
        super(checks);
        this.flaky = flaky;
        this.report = report;
    }

    @Override
    protected void read(Path log, boolean passed) {
        if (!passed) {
            return; // a test that failed again failed the check as before
        }
        List<FlakyTest> runs = new ArrayList<>();
        String name = log.getFileName().toString();
        String lane = name.replaceFirst("-\\d{8}-\\d{6}-\\d{3}\\.log$", ""); // CheckLogs' name: the lane, or batch
        String now = Instant.now().toString();
        for (String test : CheckFlakes.in(log)) {
            report.accept("check: flaky test (failed, then passed when run again): " + test);
            runs.add(new FlakyTest(test, lane, now, log.toString()));
        }
        if (runs.isEmpty()) {
            return;
        }
        try {
            flaky.record(runs);
        } catch (IOException e) {
            report.accept("check: could not record the flaky tests in " + e.getMessage() + "; the landing goes on");
        }
    }
}

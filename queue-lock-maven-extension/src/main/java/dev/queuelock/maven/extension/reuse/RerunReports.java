package dev.queuelock.maven.extension.reuse;

import dev.queuelock.build.TestReruns;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * Whether a module's tests passed only when run again: surefire and failsafe, told to rerun failing
 * tests ({@link TestReruns}), write each test that failed and then passed as a {@code flakyFailure}
 * or {@code flakyError} in their reports. Such a pass is no pass to take on trust, so a module whose
 * tests needed a rerun is stored as built without its tests: a flaky test's rerun never reuses.
 */
final class RerunReports {

    private static final String[] REPORTS = {"surefire-reports", "failsafe-reports"};
    private static final String[] FLAKY = {"<flakyFailure", "<flakyError"};

    private RerunReports() {
    }

    /**
     * Whether the tests of the module whose build directory is {@code buildDirectory} were rerun in a
     * build of {@code user} properties; true where its reports cannot be read.
     */
    static boolean rerunIn(Path buildDirectory, Properties user) {
        if (!asksReruns(user)) {
            return false; // nothing was run again: nothing to read
        }
        for (String reports : REPORTS) {
            Path dir = buildDirectory.resolve(reports);
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (Stream<Path> files = Files.list(dir)) {
                if (files.filter(f -> f.getFileName().toString().endsWith(".xml")).anyMatch(RerunReports::flaky)) {
                    return true;
                }
            } catch (IOException | RuntimeException e) {
                return true;
            }
        }
        return false;
    }

    private static boolean asksReruns(Properties user) {
        for (String key : TestReruns.ALL) {
            String count = user.getProperty(key);
            if (count != null && !count.isBlank() && !count.trim().equals("0")) {
                return true;
            }
        }
        return false;
    }

    private static boolean flaky(Path report) {
        try {
            String text = Files.readString(report, StandardCharsets.UTF_8);
            for (String mark : FLAKY) {
                if (text.contains(mark)) {
                    return true;
                }
            }
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

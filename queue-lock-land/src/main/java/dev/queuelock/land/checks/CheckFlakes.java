package dev.queuelock.land.checks;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The flaky tests of a check log: surefire and failsafe, told to rerun failing tests
 * ({@code rerunFailingTestsCount}), list a test that failed and then passed under
 * {@code [WARNING] Flakes:}, each by its full name, followed by its runs ({@code Run 1: ...}).
 */
public final class CheckFlakes {

    private static final Pattern HEADER = Pattern.compile("^\\[WARNING\\] Flakes:\\s*$");
    private static final Pattern NAME = Pattern.compile("^\\[WARNING\\] (\\S+)\\s*$");
    private static final Pattern RUN = Pattern.compile("^\\[[A-Z]+\\]\\s+Run \\d+: .*");

    private CheckFlakes() {
    }

    /** Each flaky test's name, once, in the order the log names them. */
    public static List<String> in(java.nio.file.Path log) {
        return in(CheckFailures.read(log));
    }

    static List<String> in(List<String> lines) {
        List<String> flaky = new ArrayList<>();
        boolean inSection = false;
        for (String line : lines) {
            if (HEADER.matcher(line).matches()) {
                inSection = true;
                continue;
            }
            if (!inSection || RUN.matcher(line).matches()) {
                continue;
            }
            Matcher name = NAME.matcher(line);
            if (name.matches() && !name.group(1).startsWith("Tests")) {
                if (!flaky.contains(name.group(1))) {
                    flaky.add(name.group(1));
                }
            } else {
                inSection = false; // the blank line or the counts after the section
            }
        }
        return flaky;
    }
}

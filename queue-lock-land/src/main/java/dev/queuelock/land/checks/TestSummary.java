package dev.queuelock.land.checks;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The failing tests of a check log, each with the first lines of its failure message, read from
 * the summary surefire and failsafe print after their tests:
 *
 * <pre>
 * [ERROR] Failures:
 * [ERROR]   GzipTest.multiLine:5-&gt;execute:6
 * Expecting actual:
 *   "HTTP/1.1 200 OK"
 * to contain:
 *   "Hello, world!"
 * [ERROR]   GzipTest.oneLine:7 expected: &lt;2&gt; but was: &lt;6&gt;
 * [ERROR] Errors:
 * [ERROR]   GzipTest.error:8 IllegalState no connection
 * [INFO]
 * [ERROR] Tests run: 4, Failures: 2, Errors: 1, Skipped: 0
 * </pre>
 *
 * A message's lines after its first come bare, without a level: they belong to the test above.
 * With reruns ({@code rerunFailingTestsCount}), a test that failed every run is named on a line of
 * its own and each run follows ({@code [ERROR]   Run 1: GzipTest.oneLine:7 ...}); the first run is
 * shown as a test without reruns is, and a later run only where it failed differently, so one
 * failure reads the same with reruns on or off, plus a line saying it failed every run.
 *
 * <p>Why the log and not the XML reports ({@code target/surefire-reports/TEST-*.xml}): the log is
 * this check run's own record and stays under its name, while the reports lie in a worktree that
 * moves on (a batch member reads its verdict's log after the leader's worktree was rebuilt), a
 * module the failed build never reached keeps the reports of an earlier build, and a check command
 * or a POM may put them elsewhere. This summary, with the whole message, is printed alike by
 * surefire and failsafe 2.22 to 3.5, for JUnit 4, JUnit 5 and TestNG, on Maven 3.8, 3.9 and 4
 * (the logs in this module's test resources).
 */
final class TestSummary {

    /** A failing test's message lines shown (blank ones skipped); the rest are counted. */
    static final int MESSAGE_LINES = 4;

    /** Under the test's name, past Maven's {@code [ERROR]   }. */
    private static final String INDENT = "          ";

    private static final Pattern SECTION = Pattern.compile("^\\[ERROR\\] (Failures|Errors|Flakes):\\s*$");
    private static final Pattern TEST = Pattern.compile("^\\[ERROR\\]   +\\S.*");
    /** A reran test's own line, its full name alone (its runs follow). */
    private static final Pattern RERAN = Pattern.compile("^\\[ERROR\\] (?!Tests run:)\\S+\\s*$");
    private static final Pattern RUN = Pattern.compile("^(\\[ERROR\\]   )Run (\\d+): (.*)$");
    private static final Pattern TOTALS = Pattern.compile("^\\[(ERROR|WARNING)\\] Tests run: \\d+, Failures: \\d+, Errors: \\d+, Skipped: \\d+\\s*$");
    /**
     * A line Maven logged; anything else in a summary is a message's own line. A message line that
     * itself starts with a level ends the message early: under a parallel build (-T) such lines
     * are other modules' output, and showing less beats showing another module's lines as a reason.
     */
    private static final Pattern LOGGED = Pattern.compile("^\\[(INFO|WARNING|WARN|ERROR|DEBUG)\\]( .*)?$");

    private TestSummary() {
    }

    /** The summaries' lines, each test followed by its message's first lines; empty if the log has none. */
    static List<String> in(List<String> log) {
        List<String> shown = new ArrayList<>();
        boolean inSection = false;
        Message message = null;
        Reruns reruns = null;
        for (String line : log) {
            boolean logged = LOGGED.matcher(line).matches();
            if (message != null && !logged) {
                message.add(line);
                continue;
            }
            if (message != null) {
                shown.addAll(reruns == null ? message.lines() : reruns.ended(message));
                message = null;
            }
            Matcher run = RUN.matcher(line);
            if (reruns != null && inSection && run.matches()) {
                message = reruns.run(run);
                continue;
            }
            if (reruns != null) {
                shown.addAll(reruns.summary());
                reruns = null;
            }
            if (SECTION.matcher(line).matches() || TOTALS.matcher(line).matches()) {
                inSection = !TOTALS.matcher(line).matches();
                shown.add(line);
            } else if (inSection && RERAN.matcher(line).matches()) {
                reruns = new Reruns();
            } else if (inSection && TEST.matcher(line).matches()) {
                shown.add(line);
                message = new Message();
            }
        }
        return ended(shown, message, reruns);
    }

    /** {@code shown} with the lines of the message and the reruns the log ended in, if any. */
    private static List<String> ended(List<String> shown, Message message, Reruns reruns) {
        if (message != null) {
            shown.addAll(reruns == null ? message.lines() : reruns.ended(message));
        }
        if (reruns != null) {
            shown.addAll(reruns.summary());
        }
        return shown;
    }

    /** Is {@code line} one of a failing test's, as {@link #in} shows it (and not its message)? */
    static boolean namesATest(String line) {
        return TEST.matcher(line).matches();
    }

    /**
     * The runs of one reran test: the first shown as a test, a later one only if it failed
     * otherwise than every run shown before it.
     */
    private static final class Reruns {

        private final List<List<String>> seen = new ArrayList<>();
        private String runLine;
        private int runs;

        Message run(Matcher run) {
            runs++;
            runLine = runs == 1 ? run.group(1) + run.group(3) : run.group(1) + "Run " + run.group(2) + ": " + run.group(3);
            return new Message();
        }

        /** The run's lines to show: none if an earlier run failed the same way. */
        List<String> ended(Message message) {
            List<String> lines = new ArrayList<>(message.lines());
            String firstLine = runLine.replaceFirst("Run \\d+: ", "");
            List<String> failure = new ArrayList<>(lines);
            failure.add(0, firstLine);
            if (seen.contains(failure)) {
                return List.of();
            }
            seen.add(failure);
            lines.add(0, runLine);
            return lines;
        }

        List<String> summary() {
            if (runs < 2) {
                return List.of();
            }
            return List.of(INDENT + (seen.size() == 1 ? "failed the same way on all " + runs + " runs" : "failed on all " + runs + " runs"));
        }
    }

    /** The lines of one test's message after its first (which is on the test's own line). */
    private static final class Message {

        private final List<String> lines = new ArrayList<>();
        private int more;

        void add(String line) {
            if (line.isBlank()) {
                return;
            }
            if (lines.size() < MESSAGE_LINES) {
                lines.add(INDENT + line.stripTrailing());
            } else {
                more++;
            }
        }

        List<String> lines() {
            if (more > 0) {
                lines.add(INDENT + "... " + more + (more == 1 ? " more line" : " more lines") + " of this message in the log");
            }
            return lines;
        }
    }
}

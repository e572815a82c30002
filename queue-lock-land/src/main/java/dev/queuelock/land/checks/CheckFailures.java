package dev.queuelock.land.checks;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * What failed, read from a check log, to show inline instead of only naming the log: the
 * surefire/failsafe summary, each failing test with the first lines of its message
 * ({@code TestSummary}); else the first {@code [ERROR]} lines (a compile error); else the log's
 * last lines (a check that is not Maven). At most {@value #MAX_LINES} lines, each cut to
 * {@value #WIDTH} characters; the log keeps the rest.
 */
public final class CheckFailures {

    private static final Pattern LEVEL = Pattern.compile("^\\[(ERROR|WARNING|INFO)\\] ");

    static final int MAX_LINES = 30;
    static final int WIDTH = 160;

    private static final Pattern ERROR = Pattern.compile("^\\[ERROR\\] \\S.*");
    private static final Pattern NOISE = Pattern.compile("^\\[ERROR\\] (-> \\[Help|To see the full|Re-run Maven|For more information|After correcting|  mvn <args>|\\[Help ).*");

    private CheckFailures() {
    }

    public static List<String> in(Path log) {
        List<String> lines = read(log);
        List<String> tests = TestSummary.in(lines);
        if (!tests.isEmpty()) {
            return first(tests);
        }
        List<String> errors = new ArrayList<>();
        for (String line : lines) {
            if (ERROR.matcher(line).matches() && !NOISE.matcher(line).matches()) {
                errors.add(line);
            }
        }
        if (!errors.isEmpty()) {
            return first(errors);
        }
        List<String> tail = new ArrayList<>();
        lines.stream().filter(l -> !l.isBlank()).forEach(tail::add);
        return first(tail.subList(Math.max(0, tail.size() - 5), tail.size()));
    }

    /**
     * The failures as indented lines after a message, or nothing if the log says nothing. The
     * check's own level tags go: Maven prints the goal's failure with one of its own before each
     * line, and "[ERROR]     [ERROR]   FooTest" says nothing twice.
     */
    public static String indented(Path log) {
        StringBuilder text = new StringBuilder();
        for (String line : in(log)) {
            text.append("\n    ").append(LEVEL.matcher(line).replaceFirst(""));
        }
        return text.toString();
    }

    /** The first {@link #MAX_LINES} lines, each cut to {@link #WIDTH}, and how many more the log has. */
    private static List<String> first(List<String> lines) {
        List<String> cut = new ArrayList<>();
        lines.stream().limit(MAX_LINES).map(CheckFailures::narrow).forEach(cut::add);
        List<String> rest = lines.subList(cut.size(), lines.size());
        if (!rest.isEmpty()) {
            long tests = rest.stream().filter(TestSummary::namesATest).count();
            cut.add("... " + rest.size() + " more lines in the log"
                    + (tests == 0 ? "" : " (" + tests + " more failing " + (tests == 1 ? "test)" : "tests)")));
        }
        return cut;
    }

    private static String narrow(String line) {
        if (line.length() <= WIDTH) {
            return line;
        }
        int end = WIDTH - 3;
        return line.substring(0, Character.isHighSurrogate(line.charAt(end - 1)) ? end - 1 : end) + "...";
    }

    /** The log's lines, colour codes removed; none if it cannot be read. */
    static List<String> read(Path log) {
        List<String> lines = new ArrayList<>();
        if (log == null) {
            return lines;
        }
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                .onUnmappableCharacter(CodingErrorAction.REPLACE);
        try (BufferedReader in = new BufferedReader(new InputStreamReader(Files.newInputStream(log), utf8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines.add(stripAnsi(line));
            }
        } catch (IOException e) {
            // no log: nothing to show but its name
        }
        return lines;
    }

    private static String stripAnsi(String line) {
        return line.indexOf('\u001b') < 0 ? line : line.replaceAll("\u001b\\[[0-9;]*m", "");
    }
}

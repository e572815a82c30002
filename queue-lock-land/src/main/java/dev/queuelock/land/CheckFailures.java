package dev.queuelock.land;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.io.InputStreamReader;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What failed, read from a check log, to show inline instead of only naming the log: the
 * surefire/failsafe summary ({@code [ERROR] Failures:}, the failing tests, {@code Tests run: …});
 * else the first {@code [ERROR]} lines (a compile error); else the log's last lines (a check that
 * is not Maven). At most {@value #MAX_LINES} lines.
 */
public final class CheckFailures {

    static final int MAX_LINES = 20;

    private static final Pattern SECTION = Pattern.compile("^\\[ERROR\\] (Failures|Errors|Flakes):\\s*$");
    private static final Pattern TEST = Pattern.compile("^\\[ERROR\\]   +\\S.*");
    private static final Pattern TOTALS = Pattern.compile("^\\[(ERROR|WARNING)\\] Tests run: \\d+, Failures: \\d+, Errors: \\d+, Skipped: \\d+\\s*$");
    private static final Pattern ERROR = Pattern.compile("^\\[ERROR\\] \\S.*");
    private static final Pattern NOISE = Pattern.compile("^\\[ERROR\\] (-> \\[Help|To see the full|Re-run Maven|For more information|After correcting|  mvn <args>|\\[Help ).*");

    private CheckFailures() {
    }

    public static List<String> in(Path log) {
        List<String> lines = read(log);
        Set<String> tests = new LinkedHashSet<>();
        boolean inSection = false;
        for (String line : lines) {
            if (SECTION.matcher(line).matches()) {
                inSection = true;
                tests.add(line);
            } else if (TOTALS.matcher(line).matches()) {
                tests.add(line);
                inSection = false;
            } else if (inSection && TEST.matcher(line).matches()) {
                tests.add(line); // other lines (a failure message's own lines, blank [INFO]s) do not end the list
            }
        }
        if (!tests.isEmpty()) {
            return first(new ArrayList<>(tests));
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
        return tail.subList(Math.max(0, tail.size() - 5), tail.size());
    }

    /** The failures as indented lines after a message, or nothing if the log says nothing. */
    public static String indented(Path log) {
        StringBuilder text = new StringBuilder();
        for (String line : in(log)) {
            text.append("\n    ").append(line);
        }
        return text.toString();
    }

    private static List<String> first(List<String> lines) {
        if (lines.size() <= MAX_LINES) {
            return lines;
        }
        List<String> cut = new ArrayList<>(lines.subList(0, MAX_LINES));
        cut.add("... " + (lines.size() - MAX_LINES) + " more lines in the log");
        return cut;
    }

    private static List<String> read(Path log) {
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

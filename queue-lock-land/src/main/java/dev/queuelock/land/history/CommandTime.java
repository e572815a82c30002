package dev.queuelock.land.history;

import dev.queuelock.Durations;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A land command's own time before its landing began, kept beside the landing's phases: the JVM's
 * start-up (process start to Maven's session), Maven's (session to the land goal), and land's own
 * before it queued (settings, the repository, the preflight's git calls). Together with the
 * landing's total, it is how long the command took from process start to exit.
 */
public final class CommandTime {

    /** Process start to Maven's session start. */
    public static final String JVM = "jvmStart";
    /** Maven's session start to the land goal's start: reading the project, resolving the plugin. */
    public static final String MAVEN = "mavenStart";
    /** The land goal's start to its queueing for the land queue. */
    public static final String PREFLIGHT = "preflight";

    private CommandTime() {
    }

    /**
     * The three spans, each 0 or more, for times in epoch ms; a time not known (0 or less) leaves
     * its span out.
     */
    public static Map<String, Long> spans(long processStart, long sessionStart, long goalStart, long queued) {
        Map<String, Long> spans = new LinkedHashMap<>();
        put(spans, JVM, processStart, sessionStart);
        put(spans, MAVEN, sessionStart, goalStart);
        put(spans, PREFLIGHT, goalStart, queued);
        return spans;
    }

    /** E.g. {@code before landing: 37.0 s JVM start, 29.1 s Maven start-up, 1.2 s land's preflight}; empty if not recorded. */
    public static Optional<String> describe(LandRun run) {
        StringBuilder line = new StringBuilder();
        append(line, run, JVM, "JVM start");
        append(line, run, MAVEN, "Maven start-up");
        append(line, run, PREFLIGHT, "land's preflight");
        return line.length() == 0 ? Optional.empty() : Optional.of("before landing: " + line);
    }

    /** The command's time from process start to its end: the landing's total and what came before it. */
    public static long commandMs(LandRun run) {
        return run.totalMs + run.phases.getOrDefault(JVM, 0L) + run.phases.getOrDefault(MAVEN, 0L);
    }

    private static void put(Map<String, Long> spans, String id, long from, long to) {
        if (from > 0 && to > 0) {
            spans.put(id, Math.max(0, to - from));
        }
    }

    private static void append(StringBuilder line, LandRun run, String id, String words) {
        Long ms = run.phases.get(id);
        if (ms != null) {
            line.append(line.length() == 0 ? "" : ", ").append(Durations.format(ms)).append(' ').append(words);
        }
    }
}

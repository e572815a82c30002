package dev.queuelock.land.history;

import dev.queuelock.Durations;
import dev.queuelock.land.base.Phase;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A land command's own time before its landing began: its {@link Phase#START_UP start-up}, from
 * the process's start to its queueing, and that phase's parts: the JVM's start-up (process start
 * to Maven's session), Maven's (session to the land goal), and land's own before it queued
 * (settings, the repository, the preflight's git calls). A run's total counts from the same start,
 * so it is how long the command took from process start to its record.
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
     * When this process started (epoch ms), as the OS tells it, else as the JVM does; 0 if neither can.
     */
    public static long processStart() {
        Optional<java.time.Instant> os = ProcessHandle.current().info().startInstant();
        if (os.isPresent()) {
            return os.get().toEpochMilli();
        }
        try {
            return ManagementFactory.getRuntimeMXBean().getStartTime();
        } catch (RuntimeException | LinkageError e) {
            return 0;
        }
    }

    /** The first of these times that is known (more than 0), else {@code otherwise}: where the command's record counts from. */
    public static long firstKnown(long[] times, long otherwise) {
        for (long time : times) {
            if (time > 0) {
                return time;
            }
        }
        return otherwise;
    }

    /**
     * The start-up phase, from {@code from} (where the command's record counts from) to
     * {@code queued}, and its parts, each 0 or more, for times in epoch ms; a part whose times are
     * not known (0 or less) is left out.
     */
    public static Map<String, Long> spans(long from, long processStart, long sessionStart, long goalStart, long queued) {
        Map<String, Long> spans = new LinkedHashMap<>();
        put(spans, Phase.START_UP.id(), from, queued);
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

    /**
     * The command's time from process start to its record: the run's total where it has a start-up
     * phase (the total counts from the process's start); in a record from before it had one, the
     * landing's total and the JVM and Maven start-up kept beside it.
     */
    public static long commandMs(LandRun run) {
        if (run.phases.containsKey(Phase.START_UP.id())) {
            return run.totalMs;
        }
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

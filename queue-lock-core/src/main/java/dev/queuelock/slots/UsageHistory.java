package dev.queuelock.slots;

import dev.queuelock.QueueLockException;
import dev.queuelock.file.SafePaths;
import dev.queuelock.json.JsonReader;
import dev.queuelock.json.JsonWriter;
import dev.queuelock.spi.Queue;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A build queue's recent builds: the last {@value #KEEP} builds' usage, one JSON object a line, in
 * the file {@value #NAME} of the queue's directory. {@code auto} weighs the last {@value #RECENT}
 * ({@link #recent()}); the watch's timeline draws the last hour's from all of them ({@link #read()}).
 *
 * <ul>
 * <li><b>Beside the npm tool's files</b>: it reads only {@code lock} and {@code tickets/}; waiters
 * watching the directory ignore names that are no slot's; removing an idle queue removes this file
 * with it ({@link #isOurs}).
 * <li><b>Never half-written</b>: each record rewrites the whole (small) file into a new temp file
 * and renames it over the old one ({@link SafePaths#writeAtomically}); a reader sees the old list
 * or the new one.
 * <li><b>Garbage tolerated</b>: a line that is not a whole, sane record is skipped, and left out
 * of the next rewrite (of the last {@value #RECENT}, which a rewrite parses; older lines are kept as they are); a file of another user, a symlink or a file too large to be ours reads as
 * no history.
 * <li><b>Shared /tmp</b>: the directory must be a real directory of ours (created 0700 if it is
 * missing), and nothing is written through a planted link ({@link SafePaths}).
 * <li><b>Concurrent records</b>: the threads of one JVM take turns; two processes ending at the
 * same moment may each rewrite the file, and the later rename wins: one build's line is then
 * lost, never the file. Nothing waits on a lock at a session's end.
 * </ul>
 */
public final class UsageHistory {

    /** How many builds are kept: {@value}, an hour of a handful of agents' builds. */
    public static final int KEEP = 100;

    /** How many of the last builds {@code auto} weighs: {@value}. */
    public static final int RECENT = 20;

    /** A lane's name longer than this is not recorded: {@value} characters. */
    private static final int MAX_LANE = 200;

    /** The file's name in the queue's directory. */
    public static final String NAME = Queue.USAGE_HISTORY;

    /** More than this is not our file ({@value #KEEP} lines of at most about 350 bytes). */
    private static final int MAX_BYTES = 128 * 1024;

    /** The temp file a rewrite goes through is {@code .usage.<pid>.tmp} ({@link SafePaths#writeAtomically}). */
    private static final String TEMP_PREFIX = "." + NAME + ".";
    private static final String TEMP_SUFFIX = ".tmp";

    private static final Object WRITING = new Object();

    private final Path file;

    /** @param file the build queue's {@link Queue#usageHistory()} */
    public UsageHistory(Path file) {
        this.file = file;
    }

    /**
     * Adds a finished build, keeping the last {@value #KEEP}: one read and one rewrite of the file.
     * Only the last {@value #RECENT} lines are parsed (as many as when 20 were kept); older ones are
     * copied as they are, as each was parsed by the rewrites while it was among the last. Call only
     * for a session that held a slot of its own: a build nested in another's hold is in its parent's
     * figures already (Linux counts a waited-for child's CPU in its parent's).
     *
     * @return false if it was not recorded: a figure could not be read, or the file could not be
     *         written or is not safe to use; the build's result does not depend on it
     */
    public boolean record(BuildUsage usage) {
        if (!usage.complete()) {
            return false;
        }
        try {
            SafePaths.ensureOwnDirectory(file.getParent());
            synchronized (WRITING) {
                String[] lines = lines();
                List<String> kept = new ArrayList<>();
                int parsed = 0;
                for (int i = lines.length - 1; i >= 0 && kept.size() < KEEP - 1; i--) {
                    if (parsed < RECENT - 1) {
                        BuildUsage build = parse(lines[i]);
                        if (build != null) {
                            kept.add(line(build));
                            parsed++;
                        }
                    } else if (lines[i].startsWith("{") && lines[i].endsWith("}")) {
                        kept.add(lines[i]);
                    }
                }
                StringBuilder text = new StringBuilder();
                for (int i = kept.size() - 1; i >= 0; i--) {
                    text.append(kept.get(i)).append('\n');
                }
                text.append(line(usage)).append('\n');
                SafePaths.writeAtomically(file, text.toString().getBytes(StandardCharsets.UTF_8));
            }
            return true;
        } catch (IOException | QueueLockException e) {
            return false;
        }
    }

    /** The recorded builds, oldest first; empty if there are none or the file cannot be read. */
    public List<BuildUsage> read() {
        return last(KEEP);
    }

    /** The last {@value #RECENT} recorded builds, oldest first, as {@code auto} weighs them: only their lines are parsed. */
    public List<BuildUsage> recent() {
        return last(RECENT);
    }

    private List<BuildUsage> last(int count) {
        List<BuildUsage> builds = new ArrayList<>();
        String[] lines = lines();
        for (int i = lines.length - 1; i >= 0 && builds.size() < count; i--) {
            BuildUsage build = parse(lines[i]);
            if (build != null) {
                builds.add(build);
            }
        }
        Collections.reverse(builds);
        return builds;
    }

    /** The file's lines; none if it is missing, cannot be read, is not safe to use or is too large to be ours. */
    private String[] lines() {
        byte[] bytes;
        try (InputStream in = SafePaths.openOwned(file)) {
            if (in == null) {
                return new String[0];
            }
            bytes = in.readNBytes(MAX_BYTES + 1);
        } catch (IOException | QueueLockException e) {
            return new String[0];
        }
        return bytes.length > MAX_BYTES ? new String[0] : new String(bytes, StandardCharsets.UTF_8).split("\n");
    }

    /** Whether a file of this name in a queue directory is the history or its temp file: nobody's work, for a cleaner. */
    public static boolean isOurs(String name) {
        if (name.equals(NAME)) {
            return true;
        }
        if (!name.startsWith(TEMP_PREFIX) || !name.endsWith(TEMP_SUFFIX)) {
            return false;
        }
        String pid = name.substring(TEMP_PREFIX.length(), name.length() - TEMP_SUFFIX.length());
        return !pid.isEmpty() && pid.length() <= 19 && allBetween(pid, '0', '9');
    }

    /** A build's line; the lane, pid and wait only where known (older lines have none, and read as before). */
    static String line(BuildUsage build) {
        StringBuilder line = new StringBuilder(160).append("{\"start\":").append(build.startEpochMillis()).append(",\"wallMs\":")
                .append(build.wallMillis()).append(",\"cpuMs\":").append(build.cpuMillis()).append(",\"peakBytes\":")
                .append(build.peakBytes()).append(",\"source\":\"").append(build.source()).append('"');
        if (build.load() >= 0) {
            line.append(",\"load\":").append(Gigabytes.decimals(build.load(), 2));
        }
        String lane = build.lane().orElse(null);
        if (lane != null && lane.length() <= MAX_LANE) {
            JsonWriter.quote(line.append(",\"lane\":"), lane);
        }
        if (build.pid() > 0) {
            line.append(",\"pid\":").append(build.pid());
        }
        if (build.waitedMillis() >= 0) {
            line.append(",\"waitMs\":").append(build.waitedMillis());
        }
        return line.append('}').toString();
    }

    /** A line's build, or null if it is not a whole, sane record. */
    static BuildUsage parse(String line) {
        try {
            Object value = JsonReader.parse(line.trim());
            if (!(value instanceof Map)) {
                return null;
            }
            Map<?, ?> record = (Map<?, ?>) value;
            Object source = record.get("source");
            BuildUsage build = new BuildUsage(number(record, "start"), number(record, "wallMs"), number(record, "cpuMs"),
                    number(record, "peakBytes"), source instanceof String && isName((String) source)
                            ? (String) source : "unknown", load(record));
            Object lane = record.get("lane");
            build = build.heldBy(lane instanceof String && ((String) lane).length() <= MAX_LANE ? (String) lane : null,
                    optional(record, "pid", 0), optional(record, "waitMs", -1));
            return build.complete() ? build : null;
        } catch (IllegalArgumentException | ArithmeticException e) {
            return null;
        }
    }

    /** What a source may be called, as it is written back as it is read: 1 to 16 lower-case letters. No lambda: every acquire reads this. */
    private static boolean isName(String source) {
        return !source.isEmpty() && source.length() <= 16 && allBetween(source, 'a', 'z');
    }

    private static boolean allBetween(String text, char low, char high) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < low || text.charAt(i) > high) {
                return false;
            }
        }
        return true;
    }

    /** The optional load average (older lines have none): -1 if absent or not a sane number. */
    private static double load(Map<?, ?> record) {
        Object value = record.get("load");
        if (!(value instanceof BigDecimal)) {
            return -1;
        }
        double load = ((BigDecimal) value).doubleValue();
        return load >= 0 && load < 1e6 ? load : -1;
    }

    /** An optional whole number that is not negative (older lines have none), else {@code absent}. */
    private static long optional(Map<?, ?> record, String key, long absent) {
        Object value = record.get(key);
        if (!(value instanceof BigDecimal)) {
            return absent;
        }
        try {
            long number = ((BigDecimal) value).longValueExact();
            return number >= 0 ? number : absent;
        } catch (ArithmeticException e) {
            return absent;
        }
    }

    private static long number(Map<?, ?> record, String key) {
        Object value = record.get(key);
        if (!(value instanceof BigDecimal)) {
            throw new IllegalArgumentException(key + " is not a number");
        }
        return ((BigDecimal) value).longValueExact();
    }
}

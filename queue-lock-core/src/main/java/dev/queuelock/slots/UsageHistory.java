package dev.queuelock.slots;

import dev.queuelock.QueueLockException;
import dev.queuelock.file.SafePaths;
import dev.queuelock.json.JsonReader;
import dev.queuelock.json.JsonWriter;
import dev.queuelock.spi.Queue;
import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * A build queue's recent builds: one JSON object a line, in the file {@value #NAME} of the queue's
 * directory, the last {@value #KEEP} kept. Every build that held a slot of its own adds its line,
 * with what it used, as its session ends, under {@code auto} and a fixed number of slots alike.
 * {@code auto} weighs the last {@value #RECENT} with every figure ({@link #recent()}); the watch's
 * timeline draws the last hour's from all of them ({@link #read()}); a waiter judges a long hold
 * against the usual hold of its kind ({@link UsualHolds}).
 *
 * <ul>
 * <li><b>Nearly free at a session's end</b>: a record is one append of one line ({@code O_APPEND},
 * one write), built with a {@link StringBuilder}; the file is not read. Only when an append leaves
 * the file past {@value #COMPACT_BYTES} bytes (every few hundred builds) does that
 * session cut it to the last {@value #KEEP} lines.
 * <li><b>Never interleaved, never half-written</b>: appends of a few hundred bytes with
 * {@code O_APPEND} to a local file are each written whole, whoever else appends at once. The cut
 * writes a new temp file and renames it over the old one ({@link SafePaths#writeAtomically}), so a
 * reader sees the old file or the new one; lines appended while it cut are moved to the new one.
 * One process cuts at a time (an OS lock it only tries for: nobody waits at a session's end).
 * <li><b>Garbage tolerated</b>: a line that is not a whole, sane record (a torn line, a line of
 * another tool) is skipped and left out of the next cut. Each line is written with the newline
 * before it, so a line torn short (a full disk) spoils no line written after it; a file of another user, a symlink or a
 * file too large to be ours reads as no history, and a record replaces such a file.
 * <li><b>Beside the npm tool's files</b>: it reads only {@code lock} and {@code tickets/}; waiters
 * watching the directory ignore names that are no slot's; removing an idle queue removes this file
 * with it ({@link #isOurs}).
 * <li><b>Shared /tmp</b>: the directory must be a real directory of ours (created 0700 if it is
 * missing), and nothing is written through a planted link ({@link SafePaths}).
 * <li><b>Older versions</b> rewrote the whole file at each record and read the same lines: their
 * files read as they are, and they read ours (a record without a figure {@code auto} uses is
 * skipped by them, as by {@link #recent()}).
 * </ul>
 */
public final class UsageHistory {

    /** How many builds are kept: {@value}, an hour of a handful of agents' builds. */
    public static final int KEEP = 100;

    /** How many of the last builds {@code auto} weighs: {@value}. */
    public static final int RECENT = 20;

    /** A lane's name or a kind of work longer than this is not recorded: {@value} characters. */
    private static final int MAX_LANE = 200;

    /** The file's name in the queue's directory. */
    public static final String NAME = Queue.USAGE_HISTORY;

    /** An append that leaves the file larger than this cuts it to the last {@value #KEEP} lines (which take 13 to 25 kB). */
    static final int COMPACT_BYTES = 64 * 1024;

    /** More than this is not our file (older versions read no more either). */
    private static final int MAX_BYTES = 128 * 1024;

    /** The temp file a rewrite goes through is {@code .usage.<pid>.tmp} ({@link SafePaths#writeAtomically}). */
    private static final String TEMP_PREFIX = "." + NAME + ".";
    private static final String TEMP_SUFFIX = ".tmp";

    /** The threads of one JVM cut the file in turn (an OS lock is the process's, not the thread's). */
    private static final Object CUTTING = new Object();

    private final Path file;

    /** @param file the build queue's {@link Queue#usageHistory()} */
    public UsageHistory(Path file) {
        this.file = file;
    }

    /**
     * Adds a finished build: one append, and every few hundred builds a cut to the last
     * {@value #KEEP}. Call only for a session that held a slot of its own: a build nested in
     * another's hold is in its parent's figures already (Linux counts a waited-for child's CPU in
     * its parent's).
     *
     * @return false if it was not recorded: its times could not be read, or the file could not be
     *         written or is not safe to use; the build's result does not depend on it
     */
    public boolean record(BuildUsage usage) {
        if (!usage.timed()) {
            return false;
        }
        String line = '\n' + line(usage);
        try {
            long size;
            try {
                size = append(line.getBytes(StandardCharsets.UTF_8));
            } catch (NoSuchFileException e) {
                SafePaths.ensureOwnDirectory(file.getParent()); // the directory went with an idle queue
                size = append(line.getBytes(StandardCharsets.UTF_8));
            } catch (IOException e) {
                replace(line); // a planted link (ELOOP) or another's file: replaced, never written through
                return true;
            }
            if (size > COMPACT_BYTES) {
                try {
                    compact();
                } catch (IOException e) {
                    // the build is recorded; the next record cuts the file
                }
            }
            return true;
        } catch (IOException | QueueLockException e) {
            return false;
        }
    }

    /** Appends {@code bytes} in one write at the file's end; the file's size after it. */
    private long append(byte[] bytes) throws IOException {
        SafePaths.requireOwned(file.getParent());
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND, LinkOption.NOFOLLOW_LINKS)) {
            ByteBuffer buffer = ByteBuffer.wrap(bytes);
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            return channel.size();
        }
    }

    /**
     * Cuts the file to its last {@value #KEEP} records, unless another process is cutting it or
     * has cut it already. Lines appended to the old file while this one cut are moved to the new
     * one (a line appended after that moves with the old file, into nobody's sight: one build's
     * line lost at worst, never the file nor this build's).
     */
    private void compact() throws IOException {
        synchronized (CUTTING) {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
                    FileLock cutting = channel.tryLock()) {
                long size = channel.size();
                // Not ours to cut if another holds it, or if the name is already another file (just cut, so small).
                if (cutting == null || size <= COMPACT_BYTES || Files.size(file) <= COMPACT_BYTES) {
                    return;
                }
                List<String> kept = new ArrayList<>();
                String[] lines = read(channel, Math.max(0, size - MAX_BYTES), size).split("\n");
                for (int i = lines.length - 1; i >= (size > MAX_BYTES ? 1 : 0) && kept.size() < KEEP; i--) {
                    BuildUsage build = parse(lines[i]);
                    if (build != null) {
                        kept.add(line(build));
                    }
                }
                StringBuilder text = new StringBuilder();
                for (int i = kept.size() - 1; i >= 0; i--) {
                    text.append('\n').append(kept.get(i));
                }
                SafePaths.writeAtomically(file, text.toString().getBytes(StandardCharsets.UTF_8));
                long end = channel.size();
                if (end > size) {
                    append(read(channel, size, Math.min(end, size + MAX_BYTES)).getBytes(StandardCharsets.UTF_8));
                }
            } catch (OverlappingFileLockException e) {
                // another thread of this JVM cuts it (in a test): nothing to do
            }
        }
    }

    /** The bytes from {@code from} to {@code to} of {@code channel}, as text. */
    private static String read(FileChannel channel, long from, long to) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate((int) (to - from));
        while (buffer.hasRemaining() && channel.read(buffer, from + buffer.position()) >= 0) {
            // read on: a positional read may return less than asked
        }
        return new String(buffer.array(), 0, buffer.position(), StandardCharsets.UTF_8);
    }

    /** Writes the file anew with the records it holds and {@code line}: for a file that cannot be appended to. */
    private void replace(String line) throws IOException {
        StringBuilder text = new StringBuilder();
        for (BuildUsage build : last(KEEP - 1, false)) {
            text.append('\n').append(line(build));
        }
        SafePaths.writeAtomically(file, text.append(line).toString().getBytes(StandardCharsets.UTF_8));
    }

    /** The recorded builds, oldest first; empty if there are none or the file cannot be read. */
    public List<BuildUsage> read() {
        return last(KEEP, false);
    }

    /**
     * The last {@value #RECENT} recorded builds with every figure {@code auto} weighs, oldest first:
     * only as many lines as it takes are parsed.
     */
    public List<BuildUsage> recent() {
        return last(RECENT, true);
    }

    private List<BuildUsage> last(int count, boolean complete) {
        List<BuildUsage> builds = new ArrayList<>();
        String[] lines = lines();
        for (int i = lines.length - 1; i >= 0 && builds.size() < count; i--) {
            BuildUsage build = parse(lines[i]);
            if (build != null && (!complete || build.complete())) {
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

    /**
     * A build's line, built with what a session has loaded already (no JSON library: the lane is
     * quoted by the writer the lock files use); the load, lane, pid and wait only where known
     * (older lines have none, and read as before).
     */
    static String line(BuildUsage build) {
        StringBuilder line = new StringBuilder(160).append("{\"start\":").append(build.startEpochMillis()).append(",\"wallMs\":")
                .append(build.wallMillis()).append(",\"cpuMs\":").append(build.cpuMillis()).append(",\"peakBytes\":")
                .append(build.peakBytes()).append(",\"source\":\"").append(build.source()).append('"');
        if (build.load() >= 0) {
            line.append(",\"load\":").append(Math.round(build.load() * 100) / 100.0);
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
        String kind = build.kind().orElse(null);
        if (kind != null && kind.length() <= MAX_LANE) {
            JsonWriter.quote(line.append(",\"kind\":"), kind);
        }
        return line.append('}').toString();
    }

    /** A line's build, or null if it is not a whole, sane record with its times (a record may lack a figure {@code auto} uses). */
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
            Object kind = record.get("kind");
            build = build.ofKind(kind instanceof String && ((String) kind).length() <= MAX_LANE ? (String) kind : null);
            return build.timed() ? build : null;
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

package dev.queuelock.build.slots;

import dev.queuelock.QueueLockException;
import dev.queuelock.file.SafePaths;
import dev.queuelock.json.JsonWriter;
import dev.queuelock.spi.Queue;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

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
 * The rewrites are {@link UsageHistoryRewrite}'s, the reading of a line {@link UsageLineReader}'s:
 * classes a session loads only when it does either, not for its one append.
 * <li><b>Garbage tolerated</b>: a line that is not a whole, sane record (a torn line, a line of
 * another tool) is skipped and left out of the next cut. Each line is written with the newline
 * before it, so a line torn short (a full disk) spoils no line written after it; a file of another user, a symlink or a
 * file too large to be ours reads as no history, and a record replaces such a file.
 * <li><b>Beside the npm tool's files</b>: it reads only {@code lock} and {@code tickets/}; waiters
 * watching the directory ignore names that are no slot's; removing an idle queue removes this file
 * with it ({@link Queue#isUsageHistoryFile}).
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
    static final int MAX_LANE = 200;

    /** The file's name in the queue's directory. */
    public static final String NAME = Queue.USAGE_HISTORY;

    /** An append that leaves the file larger than this cuts it to the last {@value #KEEP} lines (which take 13 to 25 kB). */
    static final int COMPACT_BYTES = 64 * 1024;

    /** More than this is not our file (older versions read no more either). */
    static final int MAX_BYTES = 128 * 1024;

    /** The temp file a rewrite goes through is {@code .usage.<pid>.tmp} ({@link SafePaths#writeAtomically}). */
    private static final String TEMP_PREFIX = Queue.USAGE_HISTORY_TEMP_PREFIX;
    private static final String TEMP_SUFFIX = Queue.USAGE_HISTORY_TEMP_SUFFIX;

    private final Path file;

    /** @param file the build queue's {@link Queue#usageHistory()} */
    public UsageHistory(Path file) {
        this.file = file;
    }

    /** The file, for its rewrites ({@link UsageHistoryRewrite}). */
    Path file() {
        return file;
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
                UsageHistoryRewrite.replace(this, line); // a planted link (ELOOP) or another's file: replaced, never written through
                return true;
            }
            if (size > COMPACT_BYTES) {
                try {
                    UsageHistoryRewrite.cut(this);
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
    long append(byte[] bytes) throws IOException {
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

    List<BuildUsage> last(int count, boolean complete) {
        List<BuildUsage> builds = new ArrayList<>();
        String[] lines = lines();
        for (int i = lines.length - 1; i >= 0 && builds.size() < count; i--) {
            BuildUsage build = UsageLineReader.parse(lines[i]);
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

    /**
     * A build's line, built with what a session has loaded already (no JSON library: the lane is
     * quoted by the writer the lock files use); the load, lane, pid and wait only where known
     * (older lines have none, and read as before). Read back by {@link UsageLineReader#parse}.
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

    static boolean allBetween(String text, char low, char high) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) < low || text.charAt(i) > high) {
                return false;
            }
        }
        return true;
    }
}

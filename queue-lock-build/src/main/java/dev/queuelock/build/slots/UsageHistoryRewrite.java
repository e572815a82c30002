package dev.queuelock.build.slots;

import dev.queuelock.file.SafePaths;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The two ways the {@link UsageHistory} file is written anew, each through a temp file renamed over
 * it ({@link SafePaths#writeAtomically}): cut to its last {@value UsageHistory#KEEP} records once
 * appends have made it large, and replaced where it cannot be appended to. Apart from the append
 * every session makes: loaded only by the session that rewrites (every few hundred builds).
 */
final class UsageHistoryRewrite {

    /** The threads of one JVM cut the file in turn (an OS lock is the process's, not the thread's). */
    private static final Object CUTTING = new Object();

    private UsageHistoryRewrite() {
    }

    /**
     * Cuts {@code history}'s file to its last {@value UsageHistory#KEEP} records, unless another
     * process is cutting it or has cut it already. Lines appended to the old file while this one
     * cut are moved to the new one (a line appended after that moves with the old file, into
     * nobody's sight: one build's line lost at worst, never the file nor this build's).
     */
    static void cut(UsageHistory history) throws IOException {
        Path file = history.file();
        synchronized (CUTTING) {
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
                    FileLock cutting = channel.tryLock()) {
                long size = channel.size();
                // Not ours to cut if another holds it, or if the name is already another file (just cut, so small).
                if (cutting == null || size <= UsageHistory.COMPACT_BYTES || Files.size(file) <= UsageHistory.COMPACT_BYTES) {
                    return;
                }
                List<String> kept = new ArrayList<>();
                String[] lines = read(channel, Math.max(0, size - UsageHistory.MAX_BYTES), size).split("\n");
                for (int i = lines.length - 1; i >= (size > UsageHistory.MAX_BYTES ? 1 : 0) && kept.size() < UsageHistory.KEEP; i--) {
                    BuildUsage build = UsageLineReader.parse(lines[i]);
                    if (build != null) {
                        kept.add(UsageHistory.line(build));
                    }
                }
                StringBuilder text = new StringBuilder();
                for (int i = kept.size() - 1; i >= 0; i--) {
                    text.append('\n').append(kept.get(i));
                }
                SafePaths.writeAtomically(file, text.toString().getBytes(StandardCharsets.UTF_8));
                long end = channel.size();
                if (end > size) {
                    history.append(read(channel, size, Math.min(end, size + UsageHistory.MAX_BYTES)).getBytes(StandardCharsets.UTF_8));
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

    /** Writes {@code history}'s file anew with the records it holds and {@code line}: for a file that cannot be appended to. */
    static void replace(UsageHistory history, String line) throws IOException {
        StringBuilder text = new StringBuilder();
        for (BuildUsage build : history.last(UsageHistory.KEEP - 1, false)) {
            text.append('\n').append(UsageHistory.line(build));
        }
        SafePaths.writeAtomically(history.file(), text.append(line).toString().getBytes(StandardCharsets.UTF_8));
    }
}

package dev.queuelock.land.base;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.queuelock.file.SafePaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * queue-lock's JSON state files under {@code <git common dir>/queuelock} (the landing history, the
 * in-flight notes, the batch board, init's record, the preview's manifest), with one policy: a
 * field this version does not know (written by a newer one, which may share the repository) is
 * ignored, not an error; and every write replaces the file atomically, so a reader sees the whole
 * new file or the old one.
 */
public final class StateFiles {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private StateFiles() {
    }

    /** The mapper, for a tree-shaped file ({@code readTree}, {@code createObjectNode}). */
    public static ObjectMapper json() {
        return JSON;
    }

    public static <T> T read(Path file, Class<T> type) throws IOException {
        return JSON.readValue(file.toFile(), type);
    }

    public static <T> T read(Path file, TypeReference<T> type) throws IOException {
        return JSON.readValue(file.toFile(), type);
    }

    /**
     * Runs {@code change}, a read of {@code file} and a write of its new content, while holding the
     * file's write lock: an OS lock on {@code <file>.lock}, so changes from two processes (or two
     * threads) at once take turns and neither is lost. Readers take no lock: each write replaces
     * the file atomically. The kernel drops the lock of a writer that dies.
     */
    public static void changeLocked(Path file, Change change) throws IOException {
        LockFileTurns.inTurn(file.resolveSibling(file.getFileName() + ".lock"), () -> {
            change.run();
            return null;
        });
    }

    /** A read and write of a state file ({@link #changeLocked}). */
    public interface Change {
        void run() throws IOException;
    }

    /** Writes {@code value} as the whole new content of {@code file}, creating its directory. */
    public static void write(Path file, Object value) throws IOException {
        Files.createDirectories(file.getParent());
        SafePaths.writeAtomically(file, JSON.writeValueAsBytes(value));
    }
}

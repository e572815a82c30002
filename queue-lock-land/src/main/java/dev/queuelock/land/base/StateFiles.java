package dev.queuelock.land.base;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.queuelock.file.SafePaths;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * queue-lock's JSON state files under {@code <git common dir>/queuelock} (the landing history, the
 * in-flight notes, the batch board, init's record, the preview's manifest), with one policy: a
 * field this version does not know (written by a newer one, which may share the repository) is
 * ignored, not an error; and every write replaces the file atomically, so a reader sees the whole
 * new file or the old one.
 */
public final class StateFiles {

    /**
     * Made on first use, by the JVM's class initialisation (once, thread-safe): a mapper loads some
     * 350 classes, which a look at a repository that has no such file (a status before the first
     * landing) need not pay.
     */
    private static final class Mapper {
        static final ObjectMapper JSON = new ObjectMapper()
                .enable(SerializationFeature.INDENT_OUTPUT)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);
    }

    private StateFiles() {
    }

    /** The mapper, for a tree-shaped file ({@code readTree}, {@code createObjectNode}). */
    public static ObjectMapper json() {
        return Mapper.JSON;
    }

    /** @throws NoSuchFileException there is no such file (asked before any JSON is parsed) */
    public static <T> T read(Path file, Class<T> type) throws IOException {
        File existing = existing(file);
        return json().readValue(existing, type);
    }

    /** @throws NoSuchFileException there is no such file (asked before any JSON is parsed) */
    public static <T> T read(Path file, TypeReference<T> type) throws IOException {
        File existing = existing(file);
        return json().readValue(existing, type);
    }

    /** {@code file}, asked for before the mapper is made. */
    private static File existing(Path file) throws NoSuchFileException {
        if (!Files.exists(file)) {
            throw new NoSuchFileException(file.toString());
        }
        return file.toFile();
    }

    /**
     * Runs {@code change}, a read of {@code file} and a write of its new content, while holding the
     * file's write lock: an OS lock on {@code <file>.lock}, so changes from two processes (or two
     * threads) at once take turns and neither is lost. Readers take no lock: each write replaces
     * the file atomically. The kernel drops the lock of a writer that dies.
     */
    public static void changeLocked(Path file, Change change) throws IOException {
        LockFileMutex.whileHeld(file.resolveSibling(file.getFileName() + ".lock"), () -> {
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
        SafePaths.writeAtomically(file, json().writeValueAsBytes(value));
    }
}

package dev.queuelock.land.base;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Deleting what queue-lock itself put on disk: a directory with everything in it. */
public final class FileTrees {

    private FileTrees() {
    }

    /** Deletes a file, or a directory with what is in it; links are deleted, never followed. Nothing there is fine. */
    public static void delete(Path path) throws IOException {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        try (Stream<Path> files = Files.walk(path)) { // walk does not follow links
            for (Path file : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(file);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }
}

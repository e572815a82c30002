package dev.queuelock.repository;

import dev.queuelock.Durations;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;

/**
 * What was last counted could be freed in a repository's lanes: what {@code mvn queuelock:prune}
 * would free (the landed lanes, and the new ones past their grace that nobody works in) and what the
 * lanes' build output takes, with when it was counted and by which goal (status, and prune and land
 * after they free space, so a build never quotes what they already freed). Kept in the state folder
 * ({@link StateFolder#FREEABLE}), a few properties, so a lane's build names it when free space is
 * low without walking a tree. A cache: lost or unreadable, the build says which command counts it.
 */
public final class FreeableNote {

    private static final String PRUNE_BYTES = "pruneBytes";
    private static final String PRUNE_LANES = "pruneLanes";
    private static final String OUTPUT_BYTES = "outputBytes";
    private static final String COUNTED_AT = "countedAt";
    private static final String COUNTED_BY = "countedBy";
    /** Who counted a note that does not say: an older version, where only status wrote it. */
    private static final String STATUS = "status";

    /** What is said where no status has counted yet. */
    static final String NOT_COUNTED = "mvn queuelock:status says what mvn queuelock:prune would free; mvn clean in a lane frees its build output";

    private final long pruneBytes;
    private final int pruneLanes;
    private final long outputBytes;
    private final long countedAt;
    private final String countedBy;

    /** A note as status counts it. */
    public FreeableNote(long pruneBytes, int pruneLanes, long outputBytes, long countedAt) {
        this(pruneBytes, pruneLanes, outputBytes, countedAt, STATUS);
    }

    /**
     * @param pruneBytes  what the lanes prune would take now take on disk, worktrees and local-repository parts
     * @param pruneLanes  how many lanes prune would take now
     * @param outputBytes what the lanes' build output takes
     * @param countedAt   when the sizes were counted, epoch ms
     * @param countedBy   the goal that counted it, as the line names it: {@code status}, or {@code prune} and
     *                    {@code land} after they freed space
     */
    public FreeableNote(long pruneBytes, int pruneLanes, long outputBytes, long countedAt, String countedBy) {
        this.pruneBytes = pruneBytes;
        this.pruneLanes = pruneLanes;
        this.outputBytes = outputBytes;
        this.countedAt = countedAt;
        this.countedBy = countedBy;
    }

    /** The note in {@code stateFolder}; empty if there is none or it cannot be read. */
    public static Optional<FreeableNote> read(Path stateFolder) {
        Path file = stateFolder.resolve(StateFolder.FREEABLE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(file)) {
            p.load(in);
            return Optional.of(new FreeableNote(Long.parseLong(p.getProperty(PRUNE_BYTES)), Integer.parseInt(p.getProperty(PRUNE_LANES)),
                    Long.parseLong(p.getProperty(OUTPUT_BYTES)), Long.parseLong(p.getProperty(COUNTED_AT)), p.getProperty(COUNTED_BY, STATUS)));
        } catch (IOException | RuntimeException e) {
            return Optional.empty(); // half written by an older version, or damaged: counted again by the next status
        }
    }

    /** Keeps it in {@code stateFolder}, replacing the last one whole (a reader sees the old note or this one). */
    public void write(Path stateFolder) throws IOException {
        Properties p = new Properties();
        p.setProperty(PRUNE_BYTES, String.valueOf(pruneBytes));
        p.setProperty(PRUNE_LANES, String.valueOf(pruneLanes));
        p.setProperty(OUTPUT_BYTES, String.valueOf(outputBytes));
        p.setProperty(COUNTED_AT, String.valueOf(countedAt));
        p.setProperty(COUNTED_BY, countedBy);
        Files.createDirectories(stateFolder);
        Path temp = Files.createTempFile(stateFolder, StateFolder.FREEABLE, ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(temp)) {
                p.store(out, "what mvn queuelock:" + countedBy + " counted could be freed in the lanes");
            }
            Files.move(temp, stateFolder.resolve(StateFolder.FREEABLE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** {@code mvn queuelock:prune frees 48.2 MB (1 landed or unused lane(s)); the lanes' build output takes 31.0 MB (mvn clean in a lane frees its own)}. */
    public String text() {
        String prune = pruneLanes == 0 ? "no lane can be pruned now" : "mvn queuelock:prune frees " + bytes(pruneBytes)
                + " (" + pruneLanes + " landed or unused lane(s))";
        return prune + "; the lanes' build output takes " + bytes(outputBytes) + " (mvn clean in a lane frees its own)";
    }

    /** Which goal counted it: {@code status}, {@code prune} or {@code land}. */
    public String countedBy() {
        return countedBy;
    }

    /** {@link #text}, with how old it is and who counted it, as a build reads it; {@code note} empty: which command counts it. */
    public static String textAsOf(Optional<FreeableNote> note, long now) {
        return note.map(n -> "as " + n.countedBy + " counted " + Durations.format(Math.max(0, now - n.countedAt)) + " ago, " + n.text())
                .orElse(NOT_COUNTED);
    }

    public long pruneBytes() {
        return pruneBytes;
    }

    public int pruneLanes() {
        return pruneLanes;
    }

    public long outputBytes() {
        return outputBytes;
    }

    /** As people read sizes: {@code 340 kB}, {@code 12.4 MB}, {@code 3.1 GB} (decimal units, as df -H). */
    public static String bytes(long bytes) {
        if (bytes < 1_000_000) {
            return (bytes + 500) / 1000 + " kB";
        }
        if (bytes < 1_000_000_000) {
            return String.format(Locale.ROOT, "%.1f MB", bytes / 1e6);
        }
        return String.format(Locale.ROOT, "%.1f GB", bytes / 1e9);
    }
}

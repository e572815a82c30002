package dev.queuelock.land;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The last {@value #MAX_RUNS} land runs of a repository, in {@code <git common dir>/queuelock/
 * land-history.json}: shared by every worktree, never tracked, replaced atomically (a reader sees
 * the old file or the new one, never half of one). A corrupt file reads as empty: a log must never
 * block a landing.
 */
public final class LandHistory {

    public static final int MAX_RUNS = 100;

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final Path file;

    public LandHistory(Path gitCommonDir) {
        this.file = gitCommonDir.resolve("queuelock").resolve("land-history.json");
    }

    public Path file() {
        return file;
    }

    public List<LandRun> read() {
        try {
            List<LandRun> runs = JSON.readValue(file.toFile(), new TypeReference<List<LandRun>>() { });
            return runs == null ? List.of() : runs;
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Appends a run, keeping the last {@value #MAX_RUNS}. Callers hold the land lock. */
    public void append(LandRun run) throws IOException {
        List<LandRun> runs = new ArrayList<>(read());
        runs.add(run);
        if (runs.size() > MAX_RUNS) {
            runs = runs.subList(runs.size() - MAX_RUNS, runs.size());
        }
        Files.createDirectories(file.getParent());
        Path tmp = file.resolveSibling(file.getFileName() + "." + ProcessHandle.current().pid() + ".tmp");
        Files.deleteIfExists(tmp);
        Files.write(tmp, JSON.writeValueAsBytes(runs), StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        try {
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Median queue wait of the landed runs, for status and ETAs; empty without history. */
    public static OptionalLong medianLandMillis(List<LandRun> runs) {
        long[] totals = runs.stream().filter(r -> r.outcome() == Outcome.LANDED)
                .mapToLong(r -> r.totalMs - r.phase("queueWait")).sorted().toArray();
        return totals.length == 0 ? OptionalLong.empty() : OptionalLong.of(totals[totals.length / 2]);
    }
}

package dev.queuelock.land.history;

import dev.queuelock.land.base.StateEntry;
import dev.queuelock.land.base.StateFiles;
import dev.queuelock.land.base.StateRecords;
import dev.queuelock.land.git.RepoContext;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The last {@value #MAX_RUNS} land runs of a repository, in {@code <git common dir>/queuelock/
 * land-history.json}: shared by every worktree, never tracked, replaced atomically (a reader sees
 * the old file or the new one, never half of one). A corrupt file reads as empty: a log must never
 * block a landing. Read with the streaming parser ({@link StateRecords}: status reads it at every look),
 * written with the mapper ({@link StateFiles}).
 */
public final class LandHistory {

    public static final int MAX_RUNS = 100;

    private final Path file;

    public LandHistory(Path gitCommonDir) {
        this.file = StateEntry.HISTORY.of(gitCommonDir);
    }

    public Path file() {
        return file;
    }

    public List<LandRun> read() {
        try {
            return StateRecords.read(file, LandRunRecord::read);
        } catch (NoSuchFileException e) {
            return List.of();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Appends a run, keeping the last {@value #MAX_RUNS}. Callers hold the land lock. */
    public void append(LandRun run) throws IOException {
        appendAll(List.of(run));
    }

    /** Appends several runs in one replacement (the members of a batch). Callers hold the land lock. */
    public void appendAll(List<LandRun> added) throws IOException {
        List<LandRun> runs = new ArrayList<>(read());
        runs.addAll(added);
        if (runs.size() > MAX_RUNS) {
            runs = runs.subList(runs.size() - MAX_RUNS, runs.size());
        }
        StateFiles.write(file, runs);
    }
}

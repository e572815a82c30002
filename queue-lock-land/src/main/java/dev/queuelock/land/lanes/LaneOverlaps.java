package dev.queuelock.land.lanes;

import dev.queuelock.repository.changes.ChangeForecast;
import dev.queuelock.repository.changes.Overlap;
import dev.queuelock.repository.changes.WorktreeChanges;
import dev.queuelock.land.git.RepoContext;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The conflicts forecast for status and the watch: lanes that change the same files, from each
 * lane's changes as its affected build reads them (committed and uncommitted), and for lanes whose
 * commits both touch them, whether those commits would conflict. Lanes are named as queue records
 * name them: their directory's name. Only reads ({@link ChangeForecast}).
 */
public final class LaneOverlaps {

    private LaneOverlaps() {
    }

    /** @param repo the repository with its integration branch as a look knows it ({@link RepoContext#known}) */
    public static List<Overlap> of(List<Lane> lanes, RepoContext repo) {
        Map<String, Path> worktrees = new LinkedHashMap<>();
        for (Lane lane : lanes) {
            worktrees.put(String.valueOf(lane.path().getFileName()), lane.path());
        }
        try {
            Map<String, WorktreeChanges> changes = ChangeForecast.read(worktrees,
                    path -> WorktreeChanges.of(path, repo.remote(), repo.integrationBranch()));
            return ChangeForecast.judged(ChangeForecast.overlaps(changes), worktrees, changes, repo.commonDir().resolve("objects"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
    }
}

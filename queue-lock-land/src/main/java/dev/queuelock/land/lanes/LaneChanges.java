package dev.queuelock.land.lanes;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.git.GitFiles;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/** What git status lists in a lane, split into work and litter. */
final class LaneChanges {

    final List<String> work = new ArrayList<>();
    final List<String> litter = new ArrayList<>();

    private LaneChanges() {
    }

    List<String> all() {
        List<String> all = new ArrayList<>(work);
        all.addAll(litter);
        return all;
    }

    /**
     * Uncommitted changes, untracked files included, except the symlinks the lane was given; untracked
     * litter ({@link LaneUse#isDisposable}) apart from the work.
     */
    static LaneChanges of(Lane lane, LaneLayout layout) {
        LaneChanges changes = new LaneChanges();
        if (!Files.isDirectory(lane.path())) {
            return changes;
        }
        List<GitFiles.Change> status;
        try {
            status = new Git(lane.path()).files().changes();
        } catch (LandException e) {
            changes.work.add("(" + e.getMessage() + ")");
            return changes;
        }
        for (GitFiles.Change change : status) {
            if (!isSharedLink(change.path(), lane, layout)) {
                boolean litter = change.untracked() && layout.settings().use().isDisposable(change.path());
                (litter ? changes.litter : changes.work).add(change.path());
            }
        }
        return changes;
    }

    static boolean isSharedLink(String path, Lane lane, LaneLayout layout) {
        String clean = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        return layout.settings().symlinks().contains(clean) && Files.isSymbolicLink(lane.path().resolve(clean));
    }
}

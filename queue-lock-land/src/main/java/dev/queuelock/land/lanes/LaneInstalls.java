package dev.queuelock.land.lanes;

import dev.queuelock.land.base.FileTrees;
import dev.queuelock.land.git.GitWorktrees;
import dev.queuelock.build.localrepo.LocalRepositoryParts;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the lanes of one repository installed into the local repository ({@link LocalRepositoryParts}):
 * a lane's part and its check builds' part go with the lane, and so do the parts of worktrees that
 * are gone however they went, so a new lane of an old name never resolves what the old one installed.
 */
public final class LaneInstalls {

    private final LaneLayout layout;
    private final LocalRepositoryParts parts;
    private final Path localRepository;

    /** @param localRepository the local repository's base directory, as the goal's Maven session has it */
    public LaneInstalls(LaneLayout layout, Path localRepository) {
        this.layout = layout;
        this.parts = LocalRepositoryParts.of(layout.commonDir().toString()); // physical, as RepoKey's key
        this.localRepository = localRepository;
    }

    /** Removes what the worktree directory {@code lane} and its check builds installed; whether there was any. */
    public boolean remove(Path lane) {
        String name = String.valueOf(lane.getFileName());
        boolean any = false;
        for (Path part : List.of(parts.lanesIn(localRepository).resolve(name), parts.checksIn(localRepository).resolve(name))) {
            any |= delete(part);
        }
        return any;
    }

    /** Removes the parts of worktrees git no longer lists; returns their names. */
    public List<String> removeGone() {
        Set<String> present = new HashSet<>();
        for (GitWorktrees.Worktree worktree : layout.mainGit().worktrees().list()) {
            present.add(String.valueOf(worktree.path().getFileName()));
        }
        List<String> gone = new ArrayList<>();
        for (Path dir : List.of(parts.lanesIn(localRepository), parts.checksIn(localRepository))) {
            for (Path part : children(dir)) {
                String name = part.getFileName().toString();
                if (!present.contains(name) && delete(part) && !gone.contains(name)) {
                    gone.add(name);
                }
            }
        }
        return gone;
    }

    private static List<Path> children(Path dir) {
        List<Path> children = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return children;
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            stream.forEach(children::add);
        } catch (IOException e) {
            // nothing listed, nothing removed
        }
        return children;
    }

    private static boolean delete(Path part) {
        if (!Files.isDirectory(part)) {
            return false;
        }
        try {
            FileTrees.delete(part);
            return true;
        } catch (IOException e) {
            return false; // left for the next prune
        }
    }
}

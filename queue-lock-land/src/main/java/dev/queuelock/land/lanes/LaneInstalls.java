package dev.queuelock.land.lanes;

import dev.queuelock.land.base.DiskCount;
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
    /** The bytes this removed so far: what prune says it freed. */
    private long freedBytes;

    /** @param localRepository the local repository's base directory, as the goal's Maven session has it */
    public LaneInstalls(LaneLayout layout, Path localRepository) {
        this.layout = layout;
        this.parts = LocalRepositoryParts.of(layout.commonDir().toString()); // physical, as RepoKey's key
        this.localRepository = localRepository;
    }

    /** Removes what the worktree directory {@code lane} and its check builds installed; whether there was any. */
    public boolean remove(Path lane) {
        boolean any = false;
        for (Path part : partsOf(lane)) {
            any |= delete(part);
        }
        return any;
    }

    /** Where what the worktree directory {@code lane} and its check builds installed lives: its parts of the local repository. */
    public List<Path> partsOf(Path lane) {
        String name = String.valueOf(lane.getFileName());
        return List.of(parts.lanesIn(localRepository).resolve(name), parts.checksIn(localRepository).resolve(name));
    }

    /** The local repository's base directory. */
    public Path localRepository() {
        return localRepository;
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

    /** The bytes of the parts this removed so far. */
    public long freedBytes() {
        return freedBytes;
    }

    private boolean delete(Path part) {
        if (!Files.isDirectory(part)) {
            return false;
        }
        long bytes = DiskCount.of(part, Long.MAX_VALUE).bytes();
        try {
            FileTrees.delete(part);
            freedBytes += bytes;
            return true;
        } catch (IOException e) {
            return false; // left for the next prune
        }
    }
}

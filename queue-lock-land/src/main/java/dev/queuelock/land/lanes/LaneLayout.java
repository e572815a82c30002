package dev.queuelock.land.lanes;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.git.GitWorktrees;
import dev.queuelock.land.git.RepoContext;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

/**
 * Where a repository's lanes are: the main checkout (the worktree of the git common dir) and its
 * numbered sibling worktrees, as {@code git worktree list} reports them. Paths are physical, so
 * they compare with what the OS reports as a process's working directory.
 */
public final class LaneLayout {

    private final Path commonDir;
    private final Path mainCheckout;
    private final LaneSettings settings;

    private LaneLayout(Path commonDir, Path mainCheckout, LaneSettings settings) {
        this.commonDir = commonDir;
        this.mainCheckout = mainCheckout;
        this.settings = settings;
    }

    /** The layout of the repository {@code anyWorktree} belongs to. */
    public static LaneLayout of(Git anyWorktree, LaneSettings settings) {
        Path commonDir = RepoContext.commonDir(anyWorktree.worktree()); // already physical, found without a process
        if (!commonDir.getFileName().toString().equals(".git") || commonDir.getParent() == null) {
            throw new LandException("the repository at " + commonDir + " has no main checkout (a bare repository);"
                    + " lanes live beside a main checkout: clone it and run this there.");
        }
        return new LaneLayout(commonDir, commonDir.getParent(), settings);
    }

    public Path commonDir() {
        return commonDir;
    }

    public Path mainCheckout() {
        return mainCheckout;
    }

    public LaneSettings settings() {
        return settings;
    }

    public Git mainGit() {
        return new Git(mainCheckout);
    }

    public Path pathOf(int lane) {
        return settings.directory().path(mainCheckout, lane);
    }

    /** The lane number of a directory beside the main checkout named like a lane. */
    public OptionalInt numberOf(Path worktree) {
        return settings.directory().numberBeside(mainCheckout, physical(worktree));
    }

    /** Every registered worktree that is a lane of the main checkout, by number. */
    public List<Lane> lanes() {
        List<Lane> lanes = new ArrayList<>();
        for (GitWorktrees.Worktree worktree : mainGit().worktrees().list()) {
            OptionalInt n = numberOf(worktree.path());
            if (n.isPresent()) {
                lanes.add(new Lane(n.getAsInt(), physical(worktree.path()), worktree.branch().orElse(null)));
            }
        }
        lanes.sort((a, b) -> Integer.compare(a.number(), b.number()));
        return lanes;
    }

    static Path physical(Path path) {
        try {
            return path.toAbsolutePath().normalize().toRealPath();
        } catch (IOException e) {
            return path.toAbsolutePath().normalize(); // gone from disk: compare as written
        }
    }
}

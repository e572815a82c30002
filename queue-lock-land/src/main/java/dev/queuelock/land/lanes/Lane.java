package dev.queuelock.land.lanes;

import dev.queuelock.land.base.LaneName;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Optional;

/** One lane worktree beside the main checkout: its number, directory and checked-out branch. */
public final class Lane {

    private final int number;
    private final Path path;
    private final String branch;
    /** -1 until asked ({@link #madeAt()}). */
    private long madeAt = -1;

    Lane(int number, Path path, String branch) {
        this.number = number;
        this.path = path;
        this.branch = branch;
    }

    public int number() {
        return number;
    }

    public Path path() {
        return path;
    }

    /** The branch checked out there; empty for a detached HEAD. */
    public Optional<String> branch() {
        return Optional.ofNullable(branch);
    }

    /**
     * When this lane's worktree was made (epoch ms): the time of its {@code .git} file, which
     * {@code git worktree add} writes once; 0 where it cannot tell. A lane made anew under a pruned
     * lane's number and name has a later time, so what the old one did is not taken for its own.
     */
    public long madeAt() {
        if (madeAt < 0) {
            try {
                madeAt = Files.getLastModifiedTime(path.resolve(".git"), LinkOption.NOFOLLOW_LINKS).toMillis();
            } catch (IOException | RuntimeException e) {
                madeAt = 0;
            }
        }
        return madeAt;
    }

    /** As landing names it ({@link LaneName}): {@code lane shop-lane-2 (lane/2)}, its directory beside the main checkout. */
    @Override
    public String toString() {
        return LaneName.of(String.valueOf(path.getFileName()), branch == null ? "detached" : branch);
    }
}

package dev.queuelock.land.lanes;

import dev.queuelock.land.base.LaneName;
import java.nio.file.Path;
import java.util.Optional;

/** One lane worktree beside the main checkout: its number, directory and checked-out branch. */
public final class Lane {

    private final int number;
    private final Path path;
    private final String branch;

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

    /** As landing names it ({@link LaneName}): {@code lane shop-lane-2 (lane/2)}, its directory beside the main checkout. */
    @Override
    public String toString() {
        return LaneName.of(String.valueOf(path.getFileName()), branch == null ? "detached" : branch);
    }
}

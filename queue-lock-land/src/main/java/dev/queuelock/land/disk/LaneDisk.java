package dev.queuelock.land.disk;

import com.fasterxml.jackson.annotation.JsonIgnore;
import dev.queuelock.land.base.DiskCount;
import dev.queuelock.land.lanes.Lane;
import java.nio.file.Path;
import java.util.List;

/**
 * What one lane takes on disk, as measured at one time: its worktree (build output included, and
 * apart), and its own parts of the local repository (what it and its check builds installed). A
 * bean, as the size cache ({@link DiskSizes}) keeps it.
 */
public final class LaneDisk {

    /** The lane's worktree directory name, as every record names a lane. */
    public String lane;
    /** When the lane was made ({@link Lane#madeAt()}): a lane made anew under the same name is measured anew. */
    public long madeAt;
    public long worktreeBytes;
    /** Of the worktree's bytes, those under {@code target/}. */
    public long outputBytes;
    public long repositoryBytes;
    /** False: counting stopped before the end; the numbers are at least these. */
    public boolean complete;
    /** When it was measured, epoch ms. */
    public long measuredAt;

    /** For the mapper. */
    public LaneDisk() {
    }

    /**
     * Counts the lane now, until {@code deadlineMillis} (epoch ms).
     *
     * @param parts the lane's parts of the local repository ({@code LaneInstalls#partsOf}); none if not known
     */
    static LaneDisk measure(Lane lane, List<Path> parts, long deadlineMillis) {
        LaneDisk disk = new LaneDisk();
        disk.lane = String.valueOf(lane.path().getFileName());
        disk.madeAt = lane.madeAt();
        DiskCount worktree = DiskCount.of(lane.path(), deadlineMillis);
        DiskCount repository = DiskCount.none();
        for (Path part : parts) {
            repository = repository.plus(DiskCount.of(part, deadlineMillis));
        }
        disk.worktreeBytes = worktree.bytes();
        disk.outputBytes = worktree.outputBytes();
        disk.repositoryBytes = repository.bytes();
        disk.complete = worktree.complete() && repository.complete();
        disk.measuredAt = System.currentTimeMillis();
        return disk;
    }

    /** Whether this measures {@code lane}: the same name, made at the same time. */
    boolean isOf(Lane lane) {
        return String.valueOf(lane.path().getFileName()).equals(this.lane) && lane.madeAt() == madeAt;
    }

    @JsonIgnore
    public long totalBytes() {
        return worktreeBytes + repositoryBytes;
    }

    /** {@code 12.4 MB (worktree 8.1 MB, of it build output 5.0 MB; local repository 4.3 MB)}, {@code at least} if cut short. */
    @JsonIgnore
    public String text() {
        return (complete ? "" : "at least ") + DiskCount.format(totalBytes()) + " (worktree " + DiskCount.format(worktreeBytes)
                + ", of it build output " + DiskCount.format(outputBytes) + "; local repository " + DiskCount.format(repositoryBytes) + ")";
    }
}

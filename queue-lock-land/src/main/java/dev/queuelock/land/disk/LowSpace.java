package dev.queuelock.land.disk;

import dev.queuelock.land.base.DiskCount;
import dev.queuelock.land.lanes.LaneState;
import java.util.List;
import java.util.Optional;

/**
 * The line status and watch add when a file system the lanes live on has less free space than
 * {@link DiskSettings#LOW_FREE_SPACE_GB}: how little, what {@code mvn queuelock:prune} would free
 * now (the lanes it would take: {@link LaneState#prunable()}), and what the lanes' build output takes.
 */
final class LowSpace {

    private LowSpace() {
    }

    /** @param thresholdGb under this many GB free, it is said; 0: never */
    static Optional<String> of(LaneDisks disks, List<LaneState> states, int thresholdGb) {
        if (thresholdGb <= 0) {
            return Optional.empty();
        }
        long threshold = thresholdGb * 1_000_000_000L;
        Optional<FreeSpace> low = disks.free().stream().filter(f -> f.usableBytes() < threshold).findFirst();
        if (low.isEmpty()) {
            return Optional.empty();
        }
        long prunable = 0;
        int lanes = 0;
        long output = 0;
        for (LaneState state : states) {
            Optional<LaneDisk> disk = disks.of(state.lane());
            output += disk.map(d -> d.outputBytes).orElse(0L);
            if (state.prunable()) {
                lanes++;
                prunable += disk.map(LaneDisk::totalBytes).orElse(0L);
            }
        }
        String prune = lanes == 0 ? "no lane can be pruned now" : "mvn queuelock:prune frees " + DiskCount.format(prunable)
                + " (" + lanes + " landed or unused lane(s))";
        return Optional.of("FREE SPACE LOW: " + low.get().text() + ", under " + thresholdGb + " GB ("
                + DiskSettings.LOW_FREE_SPACE_GB.name() + "); " + prune + "; the lanes' build output takes " + DiskCount.format(output)
                + " (mvn clean in a lane frees its own)");
    }
}

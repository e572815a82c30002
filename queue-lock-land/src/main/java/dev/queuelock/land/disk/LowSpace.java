package dev.queuelock.land.disk;

import dev.queuelock.land.lanes.LaneState;
import dev.queuelock.repository.FreeSpaceSettings;
import dev.queuelock.repository.FreeableNote;
import java.util.List;
import java.util.Optional;

/**
 * The line status and watch add when a file system the lanes live on has less free space than
 * {@link DiskSettings#LOW_FREE_SPACE_GB}: how little, what {@code mvn queuelock:prune} would free
 * now (the lanes it would take: {@link LaneState#prunable()}), and what the lanes' build output takes
 * ({@link FreeableNote}, which status, prune and land keep for the lanes' builds to say it too: {@link DiskMeter#lookAndKeep}).
 */
final class LowSpace {

    private LowSpace() {
    }

    /** @param thresholdGb under this many GB free, it is said; 0: never */
    static Optional<String> of(LaneDisks disks, List<LaneState> states, int thresholdGb) {
        if (thresholdGb <= 0) {
            return Optional.empty();
        }
        long threshold = FreeSpaceSettings.thresholdBytes(thresholdGb);
        return disks.free().stream().filter(f -> f.usableBytes() < threshold).findFirst()
                .map(low -> FreeSpaceSettings.lowLine(low.text(), thresholdGb, freeable(disks, states, 0, "status").text()));
    }

    /** What prune would free of {@code states} now, and what their build output takes, as {@code disks} measured them; {@code by} counted it. */
    static FreeableNote freeable(LaneDisks disks, List<LaneState> states, long now, String by) {
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
        return new FreeableNote(prunable, lanes, output, now, by);
    }
}

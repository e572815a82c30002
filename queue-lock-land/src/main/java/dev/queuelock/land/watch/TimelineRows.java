package dev.queuelock.land.watch;

import dev.queuelock.land.lanes.LaneState;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The timeline's rows, one per lane as it is: a lane is its worktree as made ({@code name} and
 * {@link dev.queuelock.land.lanes.Lane#madeAt()}), not its number or name alone. What was done
 * under a lane's name before its worktree was made was done by an earlier lane of that name (pruned,
 * its number taken again) and is drawn in a row of its own.
 */
final class TimelineRows {

    /** Row keys by their labels' order: the lanes there now first, then the rest as met. */
    private final Map<String, String> labels = new LinkedHashMap<>();
    /** When each lane there now was made, by name; 0 where it cannot tell. */
    private final Map<String, Long> madeAt = new LinkedHashMap<>();

    TimelineRows(List<LaneState> lanes) {
        for (LaneState lane : lanes) {
            String name = WatchModel.name(lane);
            madeAt.put(name, lane.lane().madeAt());
            labels.put(key(name, lane.lane().madeAt()), name);
        }
    }

    /** The key of the lane's row as it is now. */
    static String key(String name, long madeAt) {
        return name + "@" + madeAt;
    }

    /** The row of what lane {@code name} did at {@code at}; the row is added if new. */
    String rowOf(String name, long at) {
        Long made = madeAt.get(name);
        if (made == null) {
            labels.putIfAbsent(name, name); // no lane of this name now: its row is its name's
            return name;
        }
        if (at >= made) {
            return key(name, made);
        }
        String earlier = name + "@earlier";
        labels.putIfAbsent(earlier, name + " (earlier lane)");
        return earlier;
    }

    /** Each row's key and label, in order: call after every {@link #rowOf}. */
    Map<String, String> labels() {
        return labels;
    }
}

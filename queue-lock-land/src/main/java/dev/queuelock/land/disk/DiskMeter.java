package dev.queuelock.land.disk;

import dev.queuelock.land.lanes.Lane;
import dev.queuelock.land.lanes.LaneInstalls;
import dev.queuelock.land.lanes.LaneState;
import dev.queuelock.repository.FreeableNote;
import dev.queuelock.repository.StateFolder;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Measures what the lanes take on disk. A status does not walk every tree of a large repository:
 * it shows the sizes measured within {@link #FRESH} ({@link DiskSizes}, with their age), counts the
 * others for {@link #BUDGET_MILLIS} in all, and keeps what it counted to the end for the next look.
 * The watch counts every lane to the end, in the background, and writes nothing ({@link DiskWatch}).
 */
public final class DiskMeter {

    /** How old a measured size may be before a status counts it again. */
    static final Duration FRESH = Duration.ofMinutes(10);
    /** How long a status counts, in all. */
    static final long BUDGET_MILLIS = 2000;

    private final Path commonDir;
    private final DiskSizes sizes;
    private final LaneInstalls installs;
    private final Path lanesDir;

    /**
     * @param commonDir the repository's git common dir (its state folder holds the sizes)
     * @param installs  the lanes' parts of the local repository
     * @param lanesDir  where the lanes live: beside the main checkout
     */
    public DiskMeter(Path commonDir, LaneInstalls installs, Path lanesDir) {
        this.commonDir = commonDir;
        this.sizes = new DiskSizes(commonDir);
        this.installs = installs;
        this.lanesDir = lanesDir;
    }

    /** The status's look: fresh sizes as kept, the others counted within the budget and kept. */
    public LaneDisks look(List<Lane> lanes, long now) {
        return look(lanes, now, BUDGET_MILLIS);
    }

    /** @param budgetMillis how long it may count, in all */
    LaneDisks look(List<Lane> lanes, long now, long budgetMillis) {
        return look(lanes, now, budgetMillis, Set.of());
    }

    /**
     * The look at {@code states}' lanes ({@link #look}), keeping what can be freed for the lanes' builds to
     * name when free space is low ({@link FreeableNote}): the one place that counts it, for status and for
     * prune and land once they have freed space, so a build never quotes what is gone.
     *
     * @param changed lanes whose kept size is no longer true (their build output was dropped): counted again
     * @param by      the goal counting, as the build's line names it
     */
    public LaneDisks lookAndKeep(List<LaneState> states, Set<Path> changed, long now, String by) {
        List<Lane> lanes = new ArrayList<>();
        states.forEach(state -> lanes.add(state.lane()));
        LaneDisks disks = look(lanes, now, BUDGET_MILLIS, changed);
        try {
            LowSpace.freeable(disks, states, now, by).write(StateFolder.of(commonDir));
        } catch (IOException e) {
            // a build then names the command that counts it
        }
        return disks;
    }

    private LaneDisks look(List<Lane> lanes, long now, long budgetMillis, Set<Path> changed) {
        Map<String, LaneDisk> kept = new HashMap<>();
        for (LaneDisk d : sizes.read()) {
            kept.put(d.lane, d);
        }
        long deadline = System.currentTimeMillis() + budgetMillis;
        Map<String, LaneDisk> byPath = new LinkedHashMap<>();
        boolean counted = false;
        for (Lane lane : lanes) {
            LaneDisk known = kept.get(String.valueOf(lane.path().getFileName()));
            boolean usable = known != null && known.isOf(lane) && known.complete && !changed.contains(lane.path());
            if (usable && now - known.measuredAt < FRESH.toMillis()) {
                byPath.put(lane.path().toString(), known);
                continue;
            }
            LaneDisk measured = System.currentTimeMillis() < deadline ? LaneDisk.measure(lane, installs.partsOf(lane.path()), deadline) : null;
            if (measured != null && measured.complete) {
                byPath.put(lane.path().toString(), measured);
                counted = true;
            } else if (usable) {
                byPath.put(lane.path().toString(), known); // older, and says how old
            }
        }
        if (counted) {
            sizes.write(new ArrayList<>(byPath.values()));
        }
        return new LaneDisks(lanes, byPath, FreeSpace.of(places()));
    }

    /** Every lane counted to the end, now: the watch's background count. Writes nothing. */
    public LaneDisks count(List<Lane> lanes) {
        Map<String, LaneDisk> byPath = new LinkedHashMap<>();
        for (Lane lane : lanes) {
            byPath.put(lane.path().toString(), LaneDisk.measure(lane, installs.partsOf(lane.path()), Long.MAX_VALUE));
        }
        return new LaneDisks(lanes, byPath, FreeSpace.of(places()));
    }

    /** What the last status kept, as it is: the watch's numbers until its own count is done. */
    public LaneDisks kept(List<Lane> lanes) {
        Map<String, LaneDisk> byPath = new LinkedHashMap<>();
        for (LaneDisk d : sizes.read()) {
            for (Lane lane : lanes) {
                if (d.isOf(lane)) {
                    byPath.put(lane.path().toString(), d);
                }
            }
        }
        return new LaneDisks(lanes, byPath, FreeSpace.of(places()));
    }

    private Map<String, Path> places() {
        Map<String, Path> places = new LinkedHashMap<>();
        places.put("the lanes", lanesDir);
        places.put("the local repository", installs.localRepository());
        return places;
    }
}

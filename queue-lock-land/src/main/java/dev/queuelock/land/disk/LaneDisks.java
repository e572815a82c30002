package dev.queuelock.land.disk;

import dev.queuelock.Durations;
import dev.queuelock.land.base.DiskCount;
import dev.queuelock.land.lanes.Lane;
import dev.queuelock.land.lanes.LaneState;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The lanes' disk use as one look has it ({@link DiskMeter}): each lane's, when it was measured, the
 * total, and the free space of the file systems they live on. A lane not measured yet is said to be.
 */
public final class LaneDisks {

    /** Nothing measured, nothing to say: outside git, or before the first count. */
    public static final LaneDisks NONE = new LaneDisks(List.of(), Map.of(), List.of());

    private final List<Lane> lanes;
    private final Map<String, LaneDisk> byPath;
    private final List<FreeSpace> free;
    /** Said when free space is low ({@link LowSpace}); null: nothing to say. */
    private final String lowSpace;

    LaneDisks(List<Lane> lanes, Map<String, LaneDisk> byPath, List<FreeSpace> free) {
        this(lanes, byPath, free, null);
    }

    private LaneDisks(List<Lane> lanes, Map<String, LaneDisk> byPath, List<FreeSpace> free, String lowSpace) {
        this.lanes = List.copyOf(lanes);
        this.byPath = Map.copyOf(byPath);
        this.free = List.copyOf(free);
        this.lowSpace = lowSpace;
    }

    /**
     * These numbers, saying so where free space is under {@code thresholdGb} ({@link DiskSettings#LOW_FREE_SPACE_GB}):
     * what prune would free of {@code states} and what their build output takes.
     */
    public LaneDisks warnedUnder(int thresholdGb, List<LaneState> states) {
        return new LaneDisks(lanes, byPath, free, LowSpace.of(this, states, thresholdGb).orElse(null));
    }

    /** The low-free-space line, if free space is low. */
    public Optional<String> lowSpace() {
        return Optional.ofNullable(lowSpace);
    }

    /** The lane's numbers; empty if it has not been measured yet. */
    public Optional<LaneDisk> of(Lane lane) {
        return Optional.ofNullable(byPath.get(lane.path().toString()));
    }

    /** The lanes measured, all together. */
    public long totalBytes() {
        return byPath.values().stream().mapToLong(LaneDisk::totalBytes).sum();
    }

    /** Whether every lane was counted to the end: else the total is at least what it says. */
    public boolean complete() {
        return byPath.size() == lanes.size() && byPath.values().stream().allMatch(d -> d.complete);
    }

    public List<FreeSpace> free() {
        return free;
    }

    /** The status's lines: each lane's use and how fresh it is, the total, the free space. */
    public List<String> lines(long now) {
        List<String> out = new ArrayList<>();
        if (lanes.isEmpty()) {
            return out;
        }
        out.add("disk (each lane's worktree with its build output, and its own part of the local repository):");
        for (Lane lane : lanes) {
            out.add("  lane " + lane.number() + "  " + of(lane).map(d -> d.text() + ", " + age(d, now))
                    .orElse("not measured yet (status counts for " + Durations.format(DiskMeter.BUDGET_MILLIS)
                            + " at most; the watch counts every lane)"));
        }
        out.add("  all lanes: " + total());
        free.forEach(f -> out.add("  " + f.text()));
        lowSpace().ifPresent(line -> out.add("  " + line));
        return out;
    }

    /** {@code 40.1 MB}, {@code at least 40.1 MB} where a lane was not counted to the end. */
    public String total() {
        return (complete() ? "" : "at least ") + DiskCount.format(totalBytes());
    }

    /** The watch's line under the lanes: {@code disk: all lanes 40.1 MB; 41.2 GB free on / (overlay): the lanes, ...}; empty if nothing was measured. */
    public Optional<String> summary() {
        if (lanes.isEmpty()) {
            return Optional.empty();
        }
        StringBuilder text = new StringBuilder("disk: all lanes ").append(total());
        free.forEach(f -> text.append("; ").append(f.text()));
        return Optional.of(text.toString());
    }

    /** The watch's word for a lane: {@code disk 12.4 MB (3m ago)}; empty if not measured yet. */
    public String row(Lane lane, long now) {
        return of(lane).map(d -> "disk " + (d.complete ? "" : "at least ") + DiskCount.format(d.totalBytes()) + " (" + age(d, now) + ")")
                .orElse("");
    }

    /** The status JSON's lane entry part: bytes and when they were measured; null if not measured yet. */
    public Map<String, Object> json(Lane lane) {
        return of(lane).map(d -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("totalBytes", d.totalBytes());
            m.put("worktreeBytes", d.worktreeBytes);
            m.put("buildOutputBytes", d.outputBytes);
            m.put("localRepositoryBytes", d.repositoryBytes);
            m.put("complete", d.complete);
            m.put("measuredAt", d.measuredAt);
            m.put("text", d.text());
            return m;
        }).orElse(null);
    }

    /** The status JSON's {@code disk}: the total and the free space of each file system. */
    public Map<String, Object> json() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("totalBytes", totalBytes());
        m.put("complete", complete());
        m.put("text", total());
        List<Object> spaces = new ArrayList<>();
        for (FreeSpace f : free) {
            Map<String, Object> s = new LinkedHashMap<>();
            s.put("fileSystem", f.fileSystem());
            s.put("places", new ArrayList<Object>(f.places()));
            s.put("freeBytes", f.usableBytes());
            s.put("text", f.text());
            spaces.add(s);
        }
        m.put("free", spaces);
        m.put("lowSpace", lowSpace);
        return m;
    }

    private static String age(LaneDisk d, long now) {
        return "measured " + Durations.format(Math.max(0, now - d.measuredAt)) + " ago";
    }
}

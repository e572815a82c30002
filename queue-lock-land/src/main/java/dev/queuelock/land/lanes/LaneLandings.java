package dev.queuelock.land.lanes;

import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.git.GitRefs;
import dev.queuelock.land.history.LandRun;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What happened to each lane, from the landing history (by the lane's name, its worktree's
 * directory name) and its branch's reflog ({@link BranchStart}): read once per look at the lanes.
 */
final class LaneLandings {

    /** Each lane's landings, oldest first. */
    private final Map<String, List<LandRun>> byLane = new HashMap<>();

    /** @param runs the landing history, oldest first */
    LaneLandings(List<LandRun> runs) {
        for (LandRun run : runs) {
            byLane.computeIfAbsent(run.lane, lane -> new java.util.ArrayList<>()).add(run);
        }
    }

    /** The lane's newest landing in the history, if any. */
    Optional<LandRun> last(Lane lane) {
        List<LandRun> runs = byLane.getOrDefault(name(lane), List.of());
        return runs.isEmpty() ? Optional.empty() : Optional.of(runs.get(runs.size() - 1));
    }

    /**
     * Whether the lane's commits reached the integration branch: all of them are on it
     * ({@code ahead == 0}) and it had some, made on its branch since it began (its reflog), or a
     * landing of it since then is in the history. A lane with no commits of its own never landed,
     * however far behind it is.
     */
    boolean landed(Lane lane, int ahead, GitRefs refs) {
        if (ahead != 0) {
            return false;
        }
        Optional<BranchStart> start = lane.branch().flatMap(branch -> BranchStart.of(refs.reflog(branch)));
        if (start.isPresent() && start.get().committed()) {
            return true;
        }
        // A lane of the same name made again after a prune has a newer start than the old lane's landings.
        long since = start.map(BranchStart::at).orElse(0L);
        return byLane.getOrDefault(name(lane), List.of()).stream()
                .anyMatch(run -> run.outcome() == Outcome.LANDED && endedAfter(run, since));
    }

    private static boolean endedAfter(LandRun run, long since) {
        try {
            return run.time != null && Instant.parse(run.time).toEpochMilli() >= since;
        } catch (DateTimeParseException e) {
            return since == 0;
        }
    }

    private static String name(Lane lane) {
        return String.valueOf(lane.path().getFileName());
    }
}

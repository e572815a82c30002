package dev.queuelock.land.lanes;

import dev.queuelock.Durations;
import dev.queuelock.land.base.DiskCount;
import dev.queuelock.land.base.FileTrees;
import dev.queuelock.land.base.LandLog;
import dev.queuelock.land.git.Git;
import dev.queuelock.process.GitCommand;
import dev.queuelock.repository.ports.PortRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Removes sibling lanes whose work has all landed — never the lane running this, never the main
 * checkout, never one in use (an agent, a Maven run or a lander works in it, or nobody can tell:
 * {@link LaneKeepers}), never a new one (no commits of its own) unused for less than its grace
 * ({@link LaneState#keptAsNew}: after that, unused, it is pruned too), never one with
 * uncommitted work ({@code git worktree remove} without force; untracked litter the settings name is
 * deleted first). A landed lane kept because it is in use is named with the reason; other processes
 * left in a pruned lane are named. Lanes with work nobody has been on for the grace period are
 * reported as orphans and never deleted. What a pruned lane installed goes with it ({@link LaneInstalls}),
 * and so do its named ports ({@link PortRegistry}), as do those of any lane whose worktree is gone.
 * Of the lanes kept, those idle longer than {@link LaneUse#DROP_IDLE_OUTPUT} lose their build output ({@link IdleOutputs}).
 */
public final class LanePruner {

    private final LaneBoard board;
    private final LandLog log;
    private final LaneInstalls installs;
    private final PortRegistry ports = PortRegistry.machine();
    private long worktreeBytes;
    private long freedBytes;
    private long droppedOutputBytes;
    private int droppedOutputLanes;
    private final List<LaneState> kept = new ArrayList<>();
    private Set<Path> droppedOutputOf = Set.of();

    /** A pruner that leaves the local repository alone. */
    public LanePruner(LaneBoard board, LandLog log) {
        this(board, log, null);
    }

    /** @param installs what the lanes installed, removed with each pruned lane and for worktrees that are gone; null: left alone */
    public LanePruner(LaneBoard board, LandLog log, LaneInstalls installs) {
        this.board = board;
        this.log = log;
        this.installs = installs;
    }

    /**
     * @param current the worktree this runs from (kept whatever its state); returns the lanes removed. With
     *                {@link LaneUse#DROP_IDLE_OUTPUT} set, the lanes kept have their build output dropped if idle that long ({@link IdleOutputs}).
     */
    public List<Lane> prune(Path current) {
        Path here = LaneLayout.physical(current);
        List<Lane> removed = new ArrayList<>();
        worktreeBytes = 0;
        long partsBefore = installs == null ? 0 : installs.freedBytes();
        LaneKeepers keepers = board.look();
        Optional<Duration> dropAfter = board.layout().settings().use().dropIdleOutputAfter();
        keepers.unknownBecause().ifPresent(why -> log.warn("no lane is pruned, called an orphan"
                + (dropAfter.isPresent() ? " or has its build output dropped" : "") + ": " + why + "."));
        IdleOutputs outputs = keepers.unknownBecause().isPresent() ? null
                : dropAfter.map(after -> new IdleOutputs(after, board::look, log)).orElse(null);
        kept.clear();
        for (LaneState state : board.states(keepers)) {
            Lane lane = state.lane();
            if (lane.path().equals(here) || lane.path().equals(board.layout().mainCheckout())) {
                kept.add(state);
                continue;
            }
            if (!pruned(state, keepers, removed)) {
                kept.add(state);
                if (outputs != null) {
                    outputs.drop(state);
                }
            }
        }
        if (installs != null) {
            List<String> gone = installs.removeGone();
            if (!gone.isEmpty()) {
                log.info("removed what worktrees no longer there installed: " + String.join(", ", gone));
            }
        }
        freedBytes = worktreeBytes + (installs == null ? 0 : installs.freedBytes() - partsBefore);
        reclaimPorts();
        droppedOutputBytes = outputs == null ? 0 : outputs.freedBytes();
        droppedOutputLanes = outputs == null ? 0 : outputs.lanes();
        droppedOutputOf = outputs == null ? Set.of() : outputs.dropped();
        return removed;
    }

    /** Prunes the lane if its work has all landed and nothing keeps it (says why it is kept if it is landed); true if it was removed. */
    private boolean pruned(LaneState state, LaneKeepers keepers, List<Lane> removed) {
        Lane lane = state.lane();
        if (state.orphaned()) {
            log.warn("orphaned " + lane + ": " + whatIsLeft(state) + " and no agent or build has been in it for "
                    + Durations.format(state.idle()) + "; kept. Land or discard it yourself (never deleted automatically).");
        }
        if (!state.allOnIntegration() || !state.uncommitted().isEmpty()) {
            return false;
        }
        String what = state.landed() ? "landed " : "new "; // all on the integration branch: landed, or no commits of its own
        if (state.live()) {
            if (keepers.unknownBecause().isEmpty()) { // else every lane is kept, and that was said once
                log.info("kept " + what + lane + ": in use (" + state.inUseBecause().orElse("") + ")");
            }
            return false;
        }
        if (state.keptAsNew()) {
            log.info("kept new " + lane + ": no commits yet, unused for " + Durations.format(state.unused()) + "; pruned if still unused "
                    + Durations.format(state.keptAsNewFor()) + " from now (" + LaneUse.NEW_LANE_GRACE.name() + ")");
            return false;
        }
        long bytes = DiskCount.of(lane.path(), Long.MAX_VALUE).bytes(); // counted before: what git removes is gone
        if (!remove(state)) {
            return false;
        }
        removed.add(lane);
        worktreeBytes += bytes;
        long partsFreed = installs == null ? 0 : installs.freedBytes();
        boolean installed = installs != null && installs.remove(lane.path());
        long laneFreed = bytes + (installs == null ? 0 : installs.freedBytes() - partsFreed);
        log.info("pruned " + what + lane + (installed ? " and what it installed" : "") + ", freeing " + DiskCount.format(laneFreed)
                + (state.landed() ? "" : ": no commits, unused for " + Durations.format(state.unused()))
                + (state.bystanders().isEmpty() ? ""
                : " (still running there, not ours to stop: " + LaneState.names(state.bystanders()) + ")"));
        return true;
    }

    /** The bytes the last {@link #prune} freed: the worktrees it removed (build output included) and their parts of the local repository. */
    public long freedBytes() {
        return freedBytes;
    }

    /** The named ports of worktrees no longer there, any repository's: removed by hand, or pruned here. */
    private void reclaimPorts() {
        try {
            List<Integer> gone = ports.reclaimGone();
            if (!gone.isEmpty()) {
                log.info("gave back the named ports of lanes no longer there: " + joined(gone));
            }
        } catch (IOException e) {
            log.warn("could not give back the named ports of lanes no longer there: " + e.getMessage() + "; the next lane given"
                    + " ports takes them back.");
        }
    }

    private static String joined(List<Integer> ports) {
        List<String> text = new ArrayList<>();
        for (int port : ports) {
            text.add(String.valueOf(port));
        }
        return String.join(", ", text);
    }

    /** The bytes of build output the last {@link #prune} dropped from idle lanes ({@link LaneUse#DROP_IDLE_OUTPUT}), not in {@link #freedBytes}. */
    public long droppedOutputBytes() {
        return droppedOutputBytes;
    }

    /** The lanes the last {@link #prune} left, as it judged them: what is freeable now is counted from them. */
    public List<LaneState> kept() {
        return List.copyOf(kept);
    }

    /** The lanes whose build output the last {@link #prune} dropped: their sizes as last counted are no longer true. */
    public Set<Path> droppedOutputOf() {
        return droppedOutputOf;
    }

    /** How many idle lanes the last {@link #prune} dropped the build output of. */
    public int droppedOutputLanes() {
        return droppedOutputLanes;
    }

    private static String whatIsLeft(LaneState state) {
        List<String> parts = new ArrayList<>();
        if (state.ahead() != 0) {
            parts.add(state.ahead() < 0 ? "commits git cannot compare" : state.ahead() + " unlanded commit(s)");
        }
        if (!state.uncommitted().isEmpty()) {
            parts.add(state.uncommitted().size() + " uncommitted change(s)");
        }
        return String.join(" and ", parts);
    }

    private boolean remove(LaneState state) {
        Lane lane = state.lane();
        Git main = board.layout().mainGit();
        for (String litter : state.disposable()) {
            deleteTree(lane.path().resolve(litter)); // git would count it as untracked and refuse
        }
        for (String link : board.layout().settings().symlinks()) {
            Path p = lane.path().resolve(link);
            if (Files.isSymbolicLink(p)) { // ours: git would count it as untracked and refuse
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    // git worktree remove reports what is left
                }
            }
        }
        GitCommand.Result result = main.worktrees().remove(lane.path());
        if (!result.ok()) {
            log.warn("could not prune " + lane + ": " + result.lastErrorLine() + "; kept.");
            return false;
        }
        lane.branch().ifPresent(b -> main.refs().deleteMergedBranch(b)); // tidiness only; its commits are on the remote
        try {
            ports.free(lane.path());
        } catch (IOException e) {
            // its worktree is gone: the next lane given ports, or the next prune, takes them back
        }
        return true;
    }

    private static void deleteTree(Path path) {
        try {
            FileTrees.delete(path);
        } catch (IOException e) {
            // what is left makes git worktree remove refuse, and that is reported
        }
    }
}

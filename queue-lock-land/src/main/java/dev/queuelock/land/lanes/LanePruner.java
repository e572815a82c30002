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
import java.util.ArrayList;
import java.util.List;

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
 */
public final class LanePruner {

    private final LaneBoard board;
    private final LandLog log;
    private final LaneInstalls installs;
    private final PortRegistry ports = PortRegistry.machine();
    private long freedBytes;

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

    /** @param current the worktree this runs from (kept whatever its state); returns the lanes removed */
    public List<Lane> prune(Path current) {
        Path here = LaneLayout.physical(current);
        List<Lane> removed = new ArrayList<>();
        long worktreeBytes = 0;
        long partsBefore = installs == null ? 0 : installs.freedBytes();
        LaneKeepers keepers = board.look();
        keepers.unknownBecause().ifPresent(why -> log.warn("no lane is pruned or called an orphan: " + why + "."));
        for (LaneState state : board.states(keepers)) {
            Lane lane = state.lane();
            if (lane.path().equals(here) || lane.path().equals(board.layout().mainCheckout())) {
                continue;
            }
            if (state.orphaned()) {
                log.warn("orphaned " + lane + ": " + whatIsLeft(state) + " and no agent or build has been in it for "
                        + Durations.format(state.idle()) + "; kept. Land or discard it yourself (never deleted automatically).");
            }
            if (!state.allOnIntegration() || !state.uncommitted().isEmpty()) {
                continue;
            }
            String what = state.landed() ? "landed " : "new "; // all on the integration branch: landed, or no commits of its own
            if (state.live()) {
                if (keepers.unknownBecause().isEmpty()) { // else every lane is kept, and that was said once
                    log.info("kept " + what + lane + ": in use (" + state.inUseBecause().orElse("") + ")");
                }
                continue;
            }
            if (state.keptAsNew()) {
                log.info("kept new " + lane + ": no commits yet, unused for " + Durations.format(state.unused()) + "; pruned if still unused "
                        + Durations.format(state.keptAsNewFor()) + " from now (" + LaneUse.NEW_LANE_GRACE.name() + ")");
                continue;
            }
            long bytes = DiskCount.of(lane.path(), Long.MAX_VALUE).bytes(); // counted before: what git removes is gone
            if (remove(state)) {
                removed.add(lane);
                worktreeBytes += bytes;
                long partsFreed = installs == null ? 0 : installs.freedBytes();
                boolean installed = installs != null && installs.remove(lane.path());
                long laneFreed = bytes + (installs == null ? 0 : installs.freedBytes() - partsFreed);
                log.info("pruned " + what + lane + (installed ? " and what it installed" : "") + ", freeing " + DiskCount.format(laneFreed)
                        + (state.landed() ? "" : ": no commits, unused for " + Durations.format(state.unused()))
                        + (state.bystanders().isEmpty() ? ""
                        : " (still running there, not ours to stop: " + LaneState.names(state.bystanders()) + ")"));
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
        return removed;
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

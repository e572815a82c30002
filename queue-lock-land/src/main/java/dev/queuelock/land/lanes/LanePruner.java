package dev.queuelock.land.lanes;

import dev.queuelock.process.GitCommand;
import dev.queuelock.land.Git;
import dev.queuelock.land.LandLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Removes sibling lanes whose work has all landed — never the lane running this, never the main
 * checkout, never one a live process works in (a fresh lane with no commits is trivially
 * "landed"), never one with uncommitted changes ({@code git worktree remove} without force). Lanes
 * with work nobody is on are reported as orphans and never deleted.
 */
public final class LanePruner {

    private final LaneBoard board;
    private final LandLog log;

    public LanePruner(LaneBoard board, LandLog log) {
        this.board = board;
        this.log = log;
    }

    /** @param current the worktree this runs from (kept whatever its state); returns the lanes removed */
    public List<Lane> prune(Path current) {
        Path here = LaneLayout.physical(current);
        List<Lane> removed = new ArrayList<>();
        for (LaneState state : board.states()) {
            Lane lane = state.lane();
            if (lane.path().equals(here) || lane.path().equals(board.layout().mainCheckout())) {
                continue;
            }
            if (state.orphaned()) {
                log.warn("orphaned " + lane + ": " + whatIsLeft(state) + " and no process works in it; kept."
                        + " Land or discard it yourself (never deleted automatically).");
            }
            if (!state.landed() || state.live() || !state.uncommitted().isEmpty()) {
                continue;
            }
            if (remove(lane)) {
                removed.add(lane);
                log.info("pruned landed " + lane);
            }
        }
        return removed;
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

    private boolean remove(Lane lane) {
        Git main = board.layout().mainGit();
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
        GitCommand.Result result = main.run("worktree", "remove", lane.path().toString());
        if (!result.ok()) {
            log.warn("could not prune " + lane + ": " + result.lastErrorLine() + "; kept.");
            return false;
        }
        lane.branch().ifPresent(b -> main.run("branch", "-d", "--quiet", b)); // tidiness only; its commits are on the remote
        return true;
    }
}

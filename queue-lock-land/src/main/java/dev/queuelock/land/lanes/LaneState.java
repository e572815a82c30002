package dev.queuelock.land.lanes;

import dev.queuelock.process.GitCommand;
import dev.queuelock.land.Git;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * A lane as status, prune and the orphan listing see it: how far its branch is ahead of and behind
 * the integration branch, whether all of it landed, whether a process works in it, what is
 * uncommitted there, and its port.
 */
public final class LaneState {

    private final Lane lane;
    private final int ahead;
    private final int behind;
    private final boolean live;
    private final List<String> uncommitted;
    private final int port;

    private LaneState(Lane lane, int ahead, int behind, boolean live, List<String> uncommitted, int port) {
        this.lane = lane;
        this.ahead = ahead;
        this.behind = behind;
        this.live = live;
        this.uncommitted = List.copyOf(uncommitted);
        this.port = port;
    }

    /**
     * @param integrationRef the ref lanes land on, e.g. {@code refs/remotes/origin/main}
     */
    static LaneState of(Lane lane, LaneLayout layout, String integrationRef, LiveProcesses processes) {
        Git main = layout.mainGit();
        int ahead = -1;
        int behind = -1;
        String tip = lane.branch().map(b -> "refs/heads/" + b).orElse(null);
        if (tip == null) {
            GitCommand.Result head = new Git(lane.path()).run("rev-parse", "--verify", "HEAD");
            tip = head.ok() ? head.out.strip() : null;
        }
        if (tip != null) {
            GitCommand.Result counts = main.run("rev-list", "--left-right", "--count", integrationRef + "..." + tip);
            if (counts.ok()) {
                String[] lr = counts.out.strip().split("\\s+");
                behind = Integer.parseInt(lr[0]);
                ahead = Integer.parseInt(lr[1]);
            }
        }
        return new LaneState(lane, ahead, behind, processes.anyIn(lane.path()), uncommitted(lane, layout),
                layout.settings().directory().port(lane.number()));
    }

    /** Uncommitted changes, untracked files included, except the symlinks the lane was given. */
    private static List<String> uncommitted(Lane lane, LaneLayout layout) {
        List<String> changes = new ArrayList<>();
        if (!Files.isDirectory(lane.path())) {
            return changes;
        }
        GitCommand.Result status = new Git(lane.path()).run("status", "--porcelain=v1", "-z");
        if (!status.ok()) {
            changes.add("(git status failed: " + status.lastErrorLine() + ")");
            return changes;
        }
        for (String entry : status.out.split("\0")) {
            if (entry.length() > 3 && !isSharedLink(entry.substring(3), lane, layout)) {
                changes.add(entry.substring(3));
            }
        }
        return changes;
    }

    static boolean isSharedLink(String path, Lane lane, LaneLayout layout) {
        String clean = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        return layout.settings().symlinks().contains(clean) && Files.isSymbolicLink(lane.path().resolve(clean));
    }

    public Lane lane() {
        return lane;
    }

    /** Commits on the lane not on the integration branch; -1 if git could not tell. */
    public int ahead() {
        return ahead;
    }

    /** Commits on the integration branch not on the lane; -1 if git could not tell. */
    public int behind() {
        return behind;
    }

    /** Every commit of the lane is on the integration branch (trivially so for a fresh lane). */
    public boolean landed() {
        return ahead == 0;
    }

    public boolean live() {
        return live;
    }

    public List<String> uncommitted() {
        return uncommitted;
    }

    public int port() {
        return port;
    }

    /** Work that is nowhere else (unlanded commits or uncommitted changes) and nobody working on it. */
    public boolean orphaned() {
        return !live && (ahead != 0 || !uncommitted.isEmpty());
    }

    /** One line for status: number, branch, ahead/behind, landed, live, port. */
    public String describe() {
        return "lane " + lane.number() + "  " + lane.branch().orElse("(detached)")
                + "  " + (ahead < 0 ? "?" : "+" + ahead) + "/" + (behind < 0 ? "?" : "-" + behind)
                + "  " + (landed() ? "landed" : "not landed")
                + "  " + (live ? "in use" : "idle")
                + (uncommitted.isEmpty() ? "" : "  " + uncommitted.size() + " uncommitted")
                + "  port " + port
                + (orphaned() ? "  ORPHANED: work nobody is on; ask its owner, never delete it unseen" : "");
    }
}

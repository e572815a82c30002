package dev.queuelock.land.engine;

import dev.queuelock.land.base.LaneName;

/**
 * The lane a lander lands, as it was when it queued: its name (its worktree directory's, as the
 * queues and the landing history know it), its branch and its commit then, which is exactly what
 * lands.
 */
public final class QueuedLane {

    private final String name;
    private final String branch;
    private final String head;

    QueuedLane(String name, String branch, String head) {
        this.name = name;
        this.branch = branch;
        this.head = head;
    }

    public String name() {
        return name;
    }

    public String branch() {
        return branch;
    }

    /** The lane's commit when it queued. */
    public String head() {
        return head;
    }

    /** The lane as every message names it ({@link LaneName}). */
    public String named() {
        return LaneName.of(name, branch);
    }
}

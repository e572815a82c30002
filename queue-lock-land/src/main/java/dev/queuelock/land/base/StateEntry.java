package dev.queuelock.land.base;

import dev.queuelock.repository.StateFolder;
import java.nio.file.Path;

/**
 * Every entry queue-lock keeps in a repository's state folder ({@code <git common dir>/queuelock},
 * {@link StateFolder}), named once: each reader and writer asks here for its entry, and uninstall
 * removes what this says it removes, so a new entry cannot be forgotten by one of them.
 */
public enum StateEntry {

    /** Every landing's record: outcome, phases, times. */
    HISTORY("land-history.json", true),
    /** A note per landing under way, and those of interrupted ones. */
    LANDINGS("landing", true),
    /** The check builds' logs. */
    CHECK_LOGS("logs", true),
    /** What landers and the watch report as it happens (the watch's timeline). */
    ACTIVITY("activity.jsonl", true),
    /** The batch board: requests, verdicts. */
    BATCH_BOARD("batch", true),
    /** Tests that failed once and passed on their rerun. */
    FLAKY_TESTS("flaky-tests.json", true),
    /** Which lander uses which scratch worktree. */
    SCRATCH_CLAIMS("claims", true),
    /** Which check uses which part of the local repository. */
    PART_CLAIMS("part-claims", true),
    /** Each lane's disk use as last measured, with when (status and prune write it; the watch reads it). */
    DISK_SIZES("disk-sizes.json", true),
    /** What the last status counted could be freed in the lanes, which a lane's build names when free space is low. */
    FREEABLE(StateFolder.FREEABLE, true),
    /** The land queue's pause: who paused it and why, until a resume removes it ({@link QueuePause}). */
    PAUSE("pause.json", true),
    /** The lock file that lets adds and prunes of worktrees run one at a time ({@code LockFileMutex}). */
    WORKTREES_LOCK("worktrees.lock", true),
    /** Each remote's default branch as it last answered (core's record, read by builds). */
    REMOTE_DEFAULT_BRANCHES(StateFolder.REMOTE_DEFAULT_BRANCHES, true),
    /** Modules' outputs by their inputs' key, which lanes and checks reuse (core's store, written by builds). */
    REUSE(StateFolder.REUSE, true),
    /**
     * The scratch worktrees of batch checks: git knows them too, so uninstall leaves a non-empty one
     * (and says so) rather than pull worktrees out from under git.
     */
    SCRATCH("scratch", false),
    /** Init's record of what it wrote: removed by uninstall once it has taken those out ({@code SetupRecord}). */
    SETUP("setup.json", false),
    /** A lane's preview in the main checkout: kept until it is restored, which needs it. */
    PREVIEW("preview.json", false);

    private final String name;
    private final boolean removedWithState;

    StateEntry(String name, boolean removedWithState) {
        this.name = name;
        this.removedWithState = removedWithState;
    }

    /** This entry in the state folder {@code stateDir}. */
    public Path in(Path stateDir) {
        return stateDir.resolve(name);
    }

    /** This entry in the state folder of the repository whose git common dir is {@code commonDir}. */
    public Path of(Path commonDir) {
        return in(StateFolder.of(commonDir));
    }

    /** Whether uninstall removes it with the rest of the state (the others have an owner that does, or a reason to stay). */
    public boolean removedWithState() {
        return removedWithState;
    }

    /** Its file or directory name. */
    public String fileName() {
        return name;
    }
}

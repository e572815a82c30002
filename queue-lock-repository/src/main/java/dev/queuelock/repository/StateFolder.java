package dev.queuelock.repository;

import java.nio.file.Path;

/**
 * Where queue-lock keeps its state for a repository: {@code <git common dir>/queuelock}, shared by
 * every worktree of the clone (the history, in-flight notes, logs, the batch board, the remote's
 * recorded default branch).
 */
public final class StateFolder {

    /** This module's entry in it: each remote's default branch as it last answered ({@link IntegrationBranch}). */
    public static final String REMOTE_DEFAULT_BRANCHES = "remote-default-branches";
    /** The build's store of modules' outputs by their inputs' key ({@code dev.queuelock.build.reuse.ReuseStore}). */
    public static final String REUSE = "reuse";
    /** What status, prune or land last counted could be freed in the lanes, which a lane's build names when free space is low ({@link FreeableNote}). */
    public static final String FREEABLE = "freeable.properties";

    private StateFolder() {
    }

    /** {@code <git common dir>/queuelock}. */
    public static Path of(Path commonDir) {
        return commonDir.resolve("queuelock");
    }
}

package dev.queuelock.repo;

import java.nio.file.Path;

/**
 * Where queue-lock keeps its state for a repository: {@code <git common dir>/queuelock}, shared by
 * every worktree of the clone (the history, in-flight notes, logs, the batch board, the remote's
 * recorded default branch).
 */
public final class StateFolder {

    private StateFolder() {
    }

    /** {@code <git common dir>/queuelock}. */
    public static Path of(Path commonDir) {
        return commonDir.resolve("queuelock");
    }
}

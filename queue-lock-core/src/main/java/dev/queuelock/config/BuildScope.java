package dev.queuelock.config;

import dev.queuelock.repo.RepoKey;
import java.util.Locale;

/** Which builds share one build queue: those of one repository, or all of this user's. */
public enum BuildScope {
    /** All working trees of one clone, as the npm tool's {@code build-lock} queues. */
    REPO,
    /** Every repository of this user: CPU and memory are machine-wide. */
    MACHINE;

    /** The key the build queue of {@code repo} is hashed from under this scope. */
    public String buildQueueKey(RepoKey repo) {
        // One fixed key per user: the queue dir already lives in the user's $TMPDIR, the user name
        // keeps two users sharing /tmp apart.
        return this == REPO ? repo.key() : machineKey();
    }

    /** The key of this user's machine-wide queue: what the machine's queue directory is named after. */
    public static String machineKey() {
        return "queuelock-machine:" + System.getProperty("user.name", "user");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}

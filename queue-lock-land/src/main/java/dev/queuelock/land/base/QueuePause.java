package dev.queuelock.land.base;

import dev.queuelock.Durations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * The land queue's pause ({@code mvn queuelock:pause}): who paused it, why and when, kept as a file
 * in the repository's state folder ({@link StateEntry#PAUSE}), so it outlives the process that set
 * it and only a resume (which removes the file) lifts it. Landers read it before their checks;
 * status and the watch read it too. Builds never do.
 */
public final class QueuePause {

    /** Who paused: the user and the worktree they paused from, e.g. {@code alice in shop-lane-2}. */
    public String by;
    public String reason;
    /** When it was paused, epoch ms. */
    public long since;

    /** For the JSON reader. */
    public QueuePause() {
    }

    public QueuePause(String by, String reason, long since) {
        this.by = by;
        this.reason = reason;
        this.since = since;
    }

    /** The pause of the repository whose state folder is {@code stateDir}; empty when the queue runs. */
    public static Optional<QueuePause> of(Path stateDir) {
        Path file = StateEntry.PAUSE.in(stateDir);
        try {
            return Optional.of(StateFiles.read(file, QueuePause.class));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException e) {
            // A pause file nobody can read is still a pause: holding the queue is the safe side.
            return Optional.of(new QueuePause("someone (" + file + " cannot be read: " + e.getMessage() + ")", "unknown",
                    lastModified(file)));
        }
    }

    /** Pauses the land queue (replacing an earlier pause: the newest reason is the one said). */
    public void write(Path stateDir) {
        try {
            StateFiles.write(StateEntry.PAUSE.in(stateDir), this);
        } catch (IOException e) {
            throw new LandException("cannot pause the land queue: " + StateEntry.PAUSE.in(stateDir) + " cannot be written ("
                    + e.getMessage() + ")");
        }
    }

    /** Lifts the pause; false if the queue was not paused. */
    public static boolean lift(Path stateDir) {
        try {
            return Files.deleteIfExists(StateEntry.PAUSE.in(stateDir));
        } catch (IOException e) {
            throw new LandException("cannot resume the land queue: " + StateEntry.PAUSE.in(stateDir) + " cannot be removed ("
                    + e.getMessage() + ")");
        }
    }

    /** {@code land queue paused by alice in shop-lane-2 for 3m 00s: main is broken}. */
    public String describe(long nowMillis) {
        return "land queue " + pausedBy(nowMillis);
    }

    /** {@code paused by alice in shop-lane-2 for 3m 00s: main is broken}. */
    public String pausedBy(long nowMillis) {
        return "paused by " + by + " for " + Durations.format(Math.max(0, nowMillis - since)) + ": " + reason;
    }

    /** The user and worktree of this process, as a pause names who set it. */
    public static String who(Path worktree) {
        String user = System.getProperty("user.name", "someone");
        Path name = worktree.getFileName();
        return user + " in " + (name == null ? worktree : name);
    }

    private static long lastModified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toMillis();
        } catch (IOException e) {
            return System.currentTimeMillis();
        }
    }
}

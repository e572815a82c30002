package dev.queuelock.maven.extension;

import dev.queuelock.repo.RepoKey;
import dev.queuelock.repository.FreeSpaceSettings;
import dev.queuelock.repository.FreeableNote;
import dev.queuelock.repository.StateFolder;
import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The line a build in a lane says when the file system the lanes or the local repository live on has
 * less free space than {@link FreeSpaceSettings#LOW_FREE_SPACE_GB}: how much is free there, what can be
 * freed and the command that frees it, as the last status counted it ({@link FreeableNote}). It asks
 * the file system for its free space (one call each, as {@code df} does) and, only when space is
 * low, reads that small note: a build never walks a tree. Loaded in a lane's build only.
 */
final class LowSpaceLine {

    private static final Logger LOG = LoggerFactory.getLogger(LowSpaceLine.class);

    private LowSpaceLine() {
    }

    /** Logs {@link #line} as a warning, if free space is low. */
    static void say(Path top, Properties user, File localRepository) {
        line(top, user, localRepository, System.currentTimeMillis()).ifPresent(LOG::warn);
    }

    /**
     * @param top             the lane's worktree (the lanes live beside the main checkout, its parent)
     * @param localRepository this build's local repository; null if it has none
     */
    static Optional<String> line(Path top, Properties user, File localRepository, long now) {
        int gb;
        try {
            gb = FreeSpaceSettings.LOW_FREE_SPACE_GB.from(user);
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // status refuses it, naming the key: the build does not depend on it
        }
        if (gb <= 0) {
            return Optional.empty();
        }
        long threshold = FreeSpaceSettings.thresholdBytes(gb);
        Path lanes = top.toAbsolutePath().getParent();
        String where = lanes == null ? null : low(lanes.toFile(), "the lanes", threshold);
        if (where == null && localRepository != null) {
            where = low(localRepository, "the local repository", threshold);
        }
        if (where == null) {
            return Optional.empty();
        }
        RepoKey repo = RepoKey.of(top);
        Optional<FreeableNote> note = repo.inGit() ? FreeableNote.read(StateFolder.of(Path.of(repo.key()))) : Optional.empty();
        return Optional.of(FreeSpaceSettings.lowLine(where, gb, FreeableNote.textAsOf(note, now)));
    }

    /** {@code 3.2 GB free where the lanes live (/home/me/src)} if less than {@code threshold} is free there; else null. */
    private static String low(File dir, String place, long threshold) {
        if (!dir.isDirectory()) {
            return null; // a local repository not made yet: nothing to say of it
        }
        long free = dir.getUsableSpace();
        return free < threshold ? FreeableNote.bytes(free) + " free where " + place + " live (" + dir + ")" : null;
    }
}

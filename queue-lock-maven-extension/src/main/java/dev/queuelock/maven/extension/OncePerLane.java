package dev.queuelock.maven.extension;

import dev.queuelock.repo.RepoKey;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Whether a line meant for a lane once has been said there: a marker file in the lane's own git dir
 * ({@code .git/worktrees/<lane>/}), created atomically, so of builds starting at once exactly one
 * says it, and a new lane of the same name (a new git dir) hears it again. Where the marker cannot
 * be made, the line is said: telling too often beats never telling.
 */
final class OncePerLane {

    private OncePerLane() {
    }

    /** True for the first build in {@code lane} to ask about {@code marker}; it leaves the marker behind. */
    static boolean first(RepoKey lane, String marker) {
        Optional<Path> gitDir = lane.gitDir();
        if (gitDir.isEmpty()) {
            return true;
        }
        try {
            Files.createFile(gitDir.get().resolve(marker));
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        } catch (IOException | RuntimeException e) {
            return true;
        }
    }
}

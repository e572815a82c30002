package dev.queuelock.maven.extension;

import dev.queuelock.repo.RepoKey;
import dev.queuelock.repository.WorktreeInclude;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives a lane made by hand ({@code git worktree add}, not {@code queuelock:lane} nor the
 * {@code WorktreeCreate} hook) the git-ignored files its main checkout's {@code .worktreeinclude}
 * names, at the first build in it: only files the lane lacks, never over one it has, said in one
 * line. Once per lane ({@link OncePerLane}, {@link WorktreeInclude#GIVEN_MARKER}), so later builds
 * run no git; a lane queue-lock made was given them and marked then, and its builds look no further. Loaded only in a linked
 * worktree named as a lane whose main checkout has the file.
 */
final class LaneIncludedFiles {

    private static final Logger LOG = LoggerFactory.getLogger(LaneIncludedFiles.class);

    private LaneIncludedFiles() {
    }

    /** Copies what {@code lane} lacks if this is its first build and it is a worktree of {@code mainCheckout}'s repository. */
    static void giveOnce(Path mainCheckout, Path lane) {
        if (!Files.isRegularFile(lane.resolve(".git"))) {
            return; // not a linked worktree: a clone of its own named like a lane
        }
        RepoKey repo = RepoKey.of(lane);
        if (!sameRepository(repo, mainCheckout) || !OncePerLane.first(repo, WorktreeInclude.GIVEN_MARKER)) {
            return;
        }
        List<String> copied = WorktreeInclude.copy(mainCheckout, lane);
        if (!copied.isEmpty()) {
            LOG.info("copied into this lane from the main checkout ({}), which it lacked: {}", WorktreeInclude.FILE,
                    String.join(", ", copied));
        }
    }

    /** Whether the lane's repository is the main checkout's (its git common dir is the main checkout's {@code .git}). */
    private static boolean sameRepository(RepoKey lane, Path mainCheckout) {
        try {
            return lane.inGit() && Files.isSameFile(Path.of(lane.key()), mainCheckout.resolve(".git"));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}

package dev.queuelock.land.lanes;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.git.Git;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Creates the lowest free lane: worktree {@code ../<repo><suffix><n>} on branch {@code <prefix><n>},
 * based on the main checkout's HEAD. {@code git worktree add} is the claim: it fails when another
 * claimer took the directory or branch first, and the next number is tried. A leftover lane branch
 * is reused only if it holds nothing the new base lacks, so no commit is ever dropped.
 */
public final class LaneClaim {

    private final LaneLayout layout;

    public LaneClaim(LaneLayout layout) {
        this.layout = layout;
    }

    /**
     * The lane made, with the configured paths of the main checkout symlinked into it and the
     * git-ignored files {@code .worktreeinclude} lists copied into it.
     */
    public Created create() {
        Git main = layout.mainGit();
        main.worktrees().prune(); // a lane deleted with rm -rf must not keep its number or branch taken
        String base = main.commitOf("HEAD");
        int maxLanes = layout.settings().directory().maxLanes();
        for (int n = 1; n <= maxLanes; n++) {
            Path dir = layout.pathOf(n);
            if (Files.exists(dir, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            String branch = layout.settings().branch(n);
            boolean leftover = main.refs().hasBranch(branch);
            if (leftover && !main.refs().isAncestor("refs/heads/" + branch, base)) {
                continue; // a leftover branch with work of its own: leave it for its owner
            }
            if (main.worktrees().add(dir, branch, base, leftover).ok()) {
                Path made = LaneLayout.physical(dir);
                List<String> linked = linkShared(made); // first: a linked path is not copied as well
                return new Created(new Lane(n, made, branch), linked, WorktreeInclude.copy(main, layout.mainCheckout(), made));
            }
            // Another claimer won this number between our look and our add: try the next one.
        }
        throw new LandException("no free lane among 1.." + maxLanes + " beside " + layout.mainCheckout()
                + "; prune landed lanes (mvn queuelock:prune) or remove unused ones (git worktree remove).");
    }

    /** Symlinks the configured paths that exist in the main checkout and not in the lane; best effort. */
    private List<String> linkShared(Path lane) {
        List<String> linked = new ArrayList<>();
        for (String rel : layout.settings().symlinks()) {
            Path source = layout.mainCheckout().resolve(rel);
            Path target = lane.resolve(rel);
            if (!Files.exists(source, LinkOption.NOFOLLOW_LINKS) || Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            try {
                Files.createDirectories(target.getParent());
                Files.createSymbolicLink(target, source);
                linked.add(rel);
            } catch (IOException e) {
                // a missing link costs the agent a setup step, not its lane
            }
        }
        return linked;
    }

    /** A lane just made, the shared paths linked into it and the files copied into it. */
    public static final class Created {
        private final Lane lane;
        private final List<String> linked;
        private final List<String> copied;

        Created(Lane lane, List<String> linked, List<String> copied) {
            this.lane = lane;
            this.linked = List.copyOf(linked);
            this.copied = List.copyOf(copied);
        }

        public List<String> copied() {
            return copied;
        }

        public Lane lane() {
            return lane;
        }

        public List<String> linked() {
            return linked;
        }
    }
}

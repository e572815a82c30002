package dev.queuelock.land.lanes;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.git.Git;
import dev.queuelock.repository.ports.PortRegistry;
import dev.queuelock.repository.WorktreeInclude;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Creates the lowest free lane: worktree {@code ../<repo><suffix><n>} on branch {@code <prefix><n>},
 * based on the main checkout's HEAD. {@code git worktree add} is the claim: it fails when another
 * claimer took the directory or branch first, and the next number is tried. A leftover lane branch
 * is reused only if it holds nothing the new base lacks, so no commit is ever dropped. Every lane
 * queue-lock makes is made here ({@code queuelock:lane}, and the same goal as Claude Code's
 * {@code WorktreeCreate} hook), so each gets what git does not carry and its named ports here.
 */
public final class LaneClaim {

    private final LaneLayout layout;
    private final PortRegistry ports;

    /** @param ports the machine's register the lane's named ports ({@link LaneSettings#portNames}) are given from */
    public LaneClaim(LaneLayout layout, PortRegistry ports) {
        this.layout = layout;
        this.ports = ports;
    }

    /**
     * The lane made, with the configured paths of the main checkout symlinked into it, the
     * git-ignored files {@code .worktreeinclude} lists copied into it, and its named ports given.
     */
    public LaneCreated create() {
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
                boolean patterns = Files.isRegularFile(layout.mainCheckout().resolve(WorktreeInclude.FILE));
                List<String> copied = WorktreeInclude.copy(layout.mainCheckout(), made);
                if (patterns) {
                    WorktreeInclude.markGiven(made); // its first build need not look again
                }
                LaneCreated created = new LaneCreated(new Lane(n, made, branch), linked, patterns ? copied : null);
                try {
                    return created.withPorts(givePorts(made));
                } catch (IOException e) {
                    return created.withPortsProblem(e.getMessage());
                }
            }
            // Another claimer won this number between our look and our add: try the next one.
        }
        throw new LandException("no free lane among 1.." + maxLanes + " beside " + layout.mainCheckout()
                + "; prune landed lanes (mvn queuelock:prune) or remove unused ones (git worktree remove).");
    }

    /** The lane's named ports, or (an {@link IOException}) why it has none now: its builds and queuelock:port ask again. */
    private Map<String, Integer> givePorts(Path lane) throws IOException {
        List<String> names = layout.settings().portNames();
        return names.isEmpty() ? Map.of() : ports.portsOf(lane, names, layout.settings().namedPortBase());
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
}

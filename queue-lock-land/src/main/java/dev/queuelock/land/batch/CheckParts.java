package dev.queuelock.land.batch;

import dev.queuelock.land.base.FileTrees;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.build.localrepo.LocalRepositoryParts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The parts of the local repository that checks run side by side install into
 * ({@code <local repository>/.queuelock/<repo>/checks/<lane>/<check>}), each claimed by its
 * lander's process in {@code <state>/part-claims} while the check runs, as scratch worktrees are:
 * the part of a lander killed during its check (no {@code finally} ran) is removed by the next
 * leader's clean-up ({@link ScratchWorktrees#removeOrphans}), and only a part whose owner is dead.
 */
public final class CheckParts {

    /** What runs while the part is claimed. */
    public interface Work<R> {
        R run() throws IOException, InterruptedException;
    }

    private final ClaimRegistry registry;
    private final Path repoParts;

    private CheckParts(ClaimRegistry registry, Path repoParts) {
        this.registry = registry;
        this.repoParts = repoParts;
    }

    /**
     * The parts of the repository whose git common dir is {@code commonDir}.
     *
     * @throws IOException if the claims directory cannot be made ours (a link, another user's)
     */
    public static CheckParts of(Path commonDir) throws IOException {
        Path common = commonDir.toRealPath(); // the repository's key, as its parts are named from it
        return new CheckParts(ClaimRegistry.at(StateEntry.PART_CLAIMS.of(common)),
                Path.of(LocalRepositoryParts.of(common.toString()).toString()));
    }

    /**
     * Claims {@code part} for this process, runs {@code work}, then removes the part and releases
     * the claim however {@code work} ends. A path that is not a check's part of this repository is
     * not claimed (a layout the user chose: nothing of it is ever removed by a later leader), only
     * removed when the work ends, as before.
     */
    public <R> R with(Path part, Work<R> work) throws IOException, InterruptedException {
        Path dir = part.toAbsolutePath().normalize();
        Claim claim = null;
        if (ours(dir)) {
            claim = registry.claim().withResource(dir.toString());
            registry.record(claim);
        }
        try {
            return work.run();
        } finally {
            try {
                FileTrees.delete(dir);
            } catch (IOException e) {
                // left behind: a part nobody resolves from again, and its claim stays for the next leader
            }
            if (claim != null && !Files.exists(dir)) {
                registry.release(claim.id()); // a part left behind keeps its claim: the next leader tries again
            }
        }
    }

    /** Removes the parts of dead landers and releases their claims; returns how many. */
    public int removeOrphans() throws IOException {
        int removed = 0;
        for (Claim orphan : registry.orphans()) {
            Path dir = Path.of(orphan.resource().orElse("")).toAbsolutePath().normalize();
            // A claim file is only data: never let it point a removal anywhere but at a check's part of this repository.
            if (orphan.resource().isEmpty() || !ours(dir)) {
                throw new IOException("refusing to remove " + dir + ": not a check's part of " + repoParts
                        + "; delete " + registry.fileOf(orphan.id()));
            }
            FileTrees.delete(dir);
            registry.release(orphan.id());
            removed++;
        }
        return removed;
    }

    ClaimRegistry registry() {
        return registry;
    }

    /** {@code <anything>/.queuelock/<repo>/checks/<lane>/<check>}, with this repository's {@code <repo>}. */
    private boolean ours(Path dir) {
        int n = dir.getNameCount();
        return n >= 5 && dir.getName(n - 5).equals(repoParts.getName(0)) && dir.getName(n - 4).equals(repoParts.getName(1))
                && dir.getName(n - 3).toString().equals("checks");
    }
}

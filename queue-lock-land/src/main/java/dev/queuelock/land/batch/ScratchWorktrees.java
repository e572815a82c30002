package dev.queuelock.land.batch;

import dev.queuelock.file.SafePaths;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.process.GitCommand;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A detached scratch worktree per batch, {@code <state>/scratch/wt-<claim id>}, where the candidate
 * stack is built and checked, so no lane's own worktree is touched. Claim, use, remove: each is
 * claimed by its leader's process in {@code <state>/claims} ({@link ClaimRegistry}), so the worktree
 * of a leader killed mid-batch (no {@code finally} ran) is removed by the next leader before it makes
 * its own - the lock's "a dead process's leftovers are cleaned by whoever comes next", no timeout -
 * and with it the parts of the local repository its checks installed into ({@link CheckParts}).
 */
final class ScratchWorktrees {

    private static final String PREFIX = "wt-";

    /** What runs in the scratch worktree. */
    interface Work<R> {
        R run(Git scratch) throws InterruptedException;
    }

    private final Git git;
    private final Path base;
    private final ClaimRegistry registry;

    /** @throws IOException if the claims directory cannot be made ours (a link, another user's) */
    ScratchWorktrees(Git git, Path stateDir) throws IOException {
        this.git = git;
        this.base = StateEntry.SCRATCH.in(stateDir).toAbsolutePath().normalize();
        this.registry = ClaimRegistry.at(StateEntry.SCRATCH_CLAIMS.in(stateDir));
    }

    /**
     * Removes the worktrees of dead leaders, then claims and adds a fresh one, runs {@code work} in
     * it, and removes it and releases the claim however {@code work} ends. If removing our own
     * fails, its claim is kept on purpose: once this process has exited it is an orphan, and the
     * next leader tries again.
     *
     * @throws IOException if an orphan cannot be removed (naming it and its claim file), or ours cannot be added or removed
     */
    <R> R with(Work<R> work) throws IOException, InterruptedException {
        removeOrphans();
        Claim claim = registry.claim();
        Path dir = create(claim);
        R result;
        try {
            result = work.run(new Git(dir));
        } catch (Throwable failure) {
            try {
                removeAndRelease(claim, dir);
            } catch (IOException | RuntimeException cleanup) {
                failure.addSuppressed(cleanup);
            }
            throw failure;
        }
        removeAndRelease(claim, dir);
        return result;
    }

    /**
     * Removes the worktrees of dead leaders and their checks' parts of the local repository
     * ({@link CheckParts}), and releases their claims; returns how many worktrees.
     */
    int removeOrphans() throws IOException {
        CheckParts.of(RepoContext.commonDir(git.worktree())).removeOrphans();
        int removed = 0;
        for (Claim orphan : registry.orphans()) {
            try {
                removeOrphan(orphan);
            } catch (IOException | RuntimeException e) {
                throw new IOException("cannot remove the scratch worktree of dead process " + orphan.pid() + " ("
                        + orphan.resource().orElse("never recorded") + "): " + e.getMessage()
                        + "; remove it by hand, then delete " + registry.fileOf(orphan.id()), e);
            }
            registry.release(orphan.id());
            removed++;
        }
        return removed;
    }

    ClaimRegistry registry() {
        return registry;
    }

    private Path create(Claim claim) throws IOException {
        Path dir = base.resolve(PREFIX + claim.id());
        try {
            Files.createDirectories(base.getParent());
            SafePaths.ensureOwnDirectory(base);
            // Checks side by side add from threads of one lander: GitWorktrees makes adds and prunes take turns.
            GitCommand.Result add = git.worktrees().addDetached(dir);
            if (!add.ok()) {
                throw new IOException("cannot add the scratch worktree " + dir + ": " + add.lastErrorLine());
            }
        } catch (IOException | RuntimeException e) {
            try {
                removeOrphan(claim); // whatever part of it was made
                registry.release(claim.id());
            } catch (IOException | RuntimeException cleanup) {
                e.addSuppressed(cleanup); // the claim stays: reaped as an orphan after we exit
            }
            throw e;
        }
        try {
            registry.record(claim.withResource(dir.toString()));
        } catch (IOException | RuntimeException e) {
            removeAndRelease(claim, dir);
            throw e;
        }
        return dir;
    }

    private void removeAndRelease(Claim claim, Path dir) throws IOException {
        git.worktrees().removeForced(dir);
        if (Files.exists(dir)) {
            throw new IOException("git worktree remove left " + dir);
        }
        git.worktrees().prune();
        registry.release(claim.id());
    }

    /** Idempotent: the worktree may be half made, never made, or removed by another leader at the same time. */
    private void removeOrphan(Claim claim) throws IOException {
        Path dir = claim.resource().map(Path::of).orElse(base.resolve(PREFIX + claim.id())).toAbsolutePath().normalize();
        // A claim file is only data: never let it point a removal anywhere but at one of our scratch worktrees.
        if (!base.equals(dir.getParent()) || !dir.getFileName().toString().startsWith(PREFIX)) {
            throw new IOException("refusing to remove " + dir + ": not a scratch worktree in " + base);
        }
        git.worktrees().removeForced(dir);
        git.worktrees().prune(); // a half-made one: its directory may be gone already
    }
}

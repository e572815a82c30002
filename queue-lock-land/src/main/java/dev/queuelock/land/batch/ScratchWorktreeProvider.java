package dev.queuelock.land.batch;

import dev.queuelock.process.GitCommand;
import dev.queuelock.ephemeral.Claim;
import dev.queuelock.ephemeral.EphemeralResourceProvider;
import dev.queuelock.file.SafePaths;
import dev.queuelock.land.Git;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A detached scratch worktree per batch, {@code <base>/wt-<claim id>}, where the candidate stack
 * is built and checked, so no lane's own worktree is touched. Through the claim registry, the
 * worktree of a leader killed mid-batch is removed by the next leader.
 */
final class ScratchWorktreeProvider implements EphemeralResourceProvider<Path> {

    private static final String PREFIX = "wt-";

    private final Git git;
    private final Path base;

    ScratchWorktreeProvider(Git git, Path base) {
        this.git = git;
        this.base = base.toAbsolutePath().normalize();
    }

    @Override
    public Path create(Claim claim) throws IOException {
        Files.createDirectories(base.getParent());
        SafePaths.ensureOwnDirectory(base);
        Path dir = pathFor(claim);
        GitCommand.Result add = git.run("worktree", "add", "--quiet", "--detach", dir.toString(), "HEAD");
        if (!add.ok()) {
            throw new IOException("cannot add the scratch worktree " + dir + ": " + add.lastErrorLine());
        }
        return dir;
    }

    @Override
    public String describe(Path resource) {
        return resource.toString();
    }

    @Override
    public void destroy(Path resource) throws IOException {
        git.run("worktree", "remove", "--force", "--force", resource.toString());
        if (Files.exists(resource)) {
            throw new IOException("git worktree remove left " + resource);
        }
        git.run("worktree", "prune");
    }

    @Override
    public void destroyOrphan(Claim claim) throws IOException {
        Path dir = claim.resource().map(Path::of).orElse(pathFor(claim)).toAbsolutePath().normalize();
        // A claim file is only data: never let it point a removal anywhere but at one of our scratch worktrees.
        if (!base.equals(dir.getParent()) || !dir.getFileName().toString().startsWith(PREFIX)) {
            throw new IOException("refusing to remove " + dir + ": not a scratch worktree in " + base);
        }
        git.run("worktree", "remove", "--force", "--force", dir.toString());
        git.run("worktree", "prune"); // a half-made one: its directory may be gone already
    }

    private Path pathFor(Claim claim) {
        return base.resolve(PREFIX + claim.id());
    }
}

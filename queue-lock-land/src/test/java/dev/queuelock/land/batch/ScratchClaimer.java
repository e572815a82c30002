package dev.queuelock.land.batch;

import dev.queuelock.land.git.Git;
import java.nio.file.Path;

/**
 * Child-JVM worker: a batch leader in the repository {@code args[0]} with state directory
 * {@code args[1]}: claims a scratch worktree, prints {@code READY <path>} and holds it until killed.
 */
public final class ScratchClaimer {

    private ScratchClaimer() {
    }

    public static void main(String[] args) throws Exception {
        new ScratchWorktrees(new Git(Path.of(args[0])), Path.of(args[1])).with(scratch -> {
            System.out.println("READY " + scratch.worktree());
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
            return null;
        });
    }
}

package dev.queuelock.testsupport;

import dev.queuelock.repo.RepoKey;
import java.nio.file.Path;

/** A child JVM printing {@code RepoKey.of(dir)}: key, then worktree, one per line. */
public final class RepoKeyMain {

    private RepoKeyMain() {
    }

    public static void main(String[] args) {
        RepoKey key = RepoKey.of(Path.of(args[0]));
        System.out.println(key.key());
        System.out.println(key.worktree());
    }
}

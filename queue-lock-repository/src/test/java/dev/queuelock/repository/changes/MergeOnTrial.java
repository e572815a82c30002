package dev.queuelock.repository.changes;

import dev.queuelock.process.GitCommand;
import java.nio.file.Path;

/** Merges two commits on trial in its own JVM, with whatever git its PATH finds, and prints the verdict. Args: worktree, objects dir, two commits. */
public final class MergeOnTrial {

    public static void main(String[] args) throws Exception {
        System.out.println(TextualConflict.of(GitCommand.in(Path.of(args[0])), Path.of(args[1]), args[2], args[3]).describe());
    }
}

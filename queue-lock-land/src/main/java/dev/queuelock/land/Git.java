package dev.queuelock.land;

import dev.queuelock.process.GitCommand;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;

/**
 * The git CLI in one worktree, through the project's one git runner ({@link GitCommand}: argument
 * arrays, no prompts), with land's failures: git missing or interrupted is a {@link LandException}.
 * A name that starts with '-' is passed after {@code --} or as a full ref by the callers.
 */
public final class Git {

    private final Path worktree;

    public Git(Path worktree) {
        this.worktree = worktree;
    }

    public Path worktree() {
        return worktree;
    }

    public GitCommand.Result run(String... args) {
        return run(Map.of(), args);
    }

    public GitCommand.Result run(Map<String, String> env, String... args) {
        try {
            return GitCommand.in(worktree).withEnvironment(env).run(args);
        } catch (IOException e) {
            throw new LandException("cannot run git in " + worktree + ": " + e.getMessage() + "; is git installed?");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LandException("interrupted while running git " + String.join(" ", args));
        }
    }

    /** Runs git and returns its trimmed stdout, or fails with git's own last error line. */
    public String output(String... args) {
        GitCommand.Result result = run(args);
        if (!result.ok()) {
            throw new LandException("git " + args[0] + " failed: " + result.lastErrorLine());
        }
        return result.out.strip();
    }
}

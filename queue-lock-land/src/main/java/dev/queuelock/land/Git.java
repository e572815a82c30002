package dev.queuelock.land;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The git CLI in one worktree, always with an argument array: the user's config, credentials and
 * hooks apply, and no branch or file name can become a command. A name that starts with '-' is
 * passed after {@code --} or as a full ref by the callers.
 */
public final class Git {

    private final Path worktree;

    public Git(Path worktree) {
        this.worktree = worktree;
    }

    public Path worktree() {
        return worktree;
    }

    /** What a git command said. */
    public static final class Result {
        public final int exit;
        public final String out;
        public final String err;

        Result(int exit, String out, String err) {
            this.exit = exit;
            this.out = out;
            this.err = err;
        }

        public boolean ok() {
            return exit == 0;
        }

        /** The last non-blank line git wrote on stderr, for one-line messages. */
        public String lastErrorLine() {
            String[] lines = err.strip().split("\n");
            return lines[lines.length - 1].strip();
        }
    }

    public Result run(String... args) {
        return run(Map.of(), args);
    }

    public Result run(Map<String, String> env, String... args) {
        List<String> command = new ArrayList<>();
        command.add("git");
        command.addAll(Arrays.asList(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(worktree.toFile());
        builder.environment().putAll(env);
        // Never stop to ask: no editor for rebase/merge messages, no credential prompt on a terminal.
        builder.environment().put("GIT_EDITOR", "true");
        builder.environment().put("GIT_TERMINAL_PROMPT", "0");
        try {
            Process git = builder.start();
            git.getOutputStream().close();
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(git.getErrorStream()));
            String out = read(git.getInputStream());
            return new Result(git.waitFor(), out, err.join());
        } catch (IOException e) {
            throw new LandException("cannot run git in " + worktree + ": " + e.getMessage() + "; is git installed?");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new LandException("interrupted while running git " + String.join(" ", args));
        }
    }

    /** Runs git and returns its trimmed stdout, or fails with git's own last error line. */
    public String output(String... args) {
        Result result = run(args);
        if (!result.ok()) {
            throw new LandException("git " + args[0] + " failed: " + result.lastErrorLine());
        }
        return result.out.strip();
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package dev.queuelock.repository;

import dev.queuelock.process.GitCommand;
import dev.queuelock.repo.RepoKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Claude Code's {@code .worktreeinclude}: gitignore-style patterns naming git-ignored files of the
 * main checkout (a {@code .env}, local settings) that a new worktree gets a copy of. Claude Code
 * honours it when it makes worktrees itself; once our {@code WorktreeCreate} hook or
 * {@code queuelock:lane} makes them instead, we do, the same way, and so does the first build in a
 * lane made by hand ({@code git worktree add}): files that the patterns match and git ignores are
 * copied, never tracked or merely untracked ones, never over a file already in the lane. Git
 * matches the patterns, so they mean exactly what they mean in a {@code .gitignore}.
 */
public final class WorktreeInclude {

    public static final String FILE = ".worktreeinclude";

    /**
     * The marker in a lane's own git dir ({@code .git/worktrees/<lane>/}): the lane has been given
     * the files, when queue-lock made it or at its first build, so no later build runs git for them.
     */
    public static final String GIVEN_MARKER = "queuelock-worktreeinclude-given";

    /** Listing a checkout's ignored files is quick; a git that hangs must not hold a lane's build. */
    private static final Duration GIT_LIMIT = Duration.ofSeconds(30);

    private WorktreeInclude() {
    }

    /**
     * Copies the files into {@code lane} (kept as they are: a symlink stays a symlink, mode bits
     * kept); returns their paths relative to the checkout. Best effort: a file that cannot be
     * copied costs the agent a setup step, not its lane.
     */
    public static List<String> copy(Path mainCheckout, Path lane) {
        Path patterns = mainCheckout.resolve(FILE);
        if (!Files.isRegularFile(patterns)) {
            return List.of();
        }
        List<String> matching;
        Set<String> skip;
        try {
            matching = files(mainCheckout, "ls-files", "-z", "--others", "--ignored", "--exclude-from=" + patterns);
            // Untracked files the ignore rules do not cover: matched by the patterns, still not copied.
            skip = new HashSet<>(files(mainCheckout, "ls-files", "-z", "--others", "--exclude-standard"));
        } catch (IOException e) {
            return List.of();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return List.of();
        }
        List<String> copied = new ArrayList<>();
        for (String rel : matching) {
            Path source = mainCheckout.resolve(rel);
            Path target = lane.resolve(rel);
            // Exists also when a directory above it is a queuelock.lanes.symlinks link to the main checkout's.
            if (skip.contains(rel) || Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                continue;
            }
            try {
                Files.createDirectories(target.getParent());
                Files.copy(source, target, LinkOption.NOFOLLOW_LINKS, StandardCopyOption.COPY_ATTRIBUTES);
                copied.add(rel);
            } catch (IOException e) {
                // not copied; the agent finds it missing and says so
            }
        }
        return copied;
    }

    /** Leaves {@link #GIVEN_MARKER} in {@code lane}'s git dir, whose path {@code lane}'s {@code .git} file names; best effort. */
    public static void markGiven(Path lane) {
        RepoKey.of(lane).gitDir().ifPresent(gitDir -> {
            try {
                Files.createFile(gitDir.resolve(GIVEN_MARKER));
            } catch (IOException e) {
                // there already, or not writable: its first build looks again and copies only what it lacks
            }
        });
    }

    /** The paths git lists, NUL-separated; a git that fails lists nothing copied. */
    private static List<String> files(Path checkout, String... args) throws IOException, InterruptedException {
        GitCommand.Result result = GitCommand.in(checkout).withTimeout(GIT_LIMIT).run(args);
        if (!result.ok()) {
            throw new IOException(result.errorOnOneLine());
        }
        List<String> paths = new ArrayList<>(Arrays.asList(result.out.split("\0")));
        paths.removeIf(String::isEmpty);
        return paths;
    }
}

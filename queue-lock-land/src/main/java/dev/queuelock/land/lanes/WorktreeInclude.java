package dev.queuelock.land.lanes;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.git.Git;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Claude Code's {@code .worktreeinclude}: gitignore-style patterns naming git-ignored files of the
 * main checkout (a {@code .env}, local settings) that a new worktree gets a copy of. Claude Code
 * honours it when it makes worktrees itself; once our {@code WorktreeCreate} hook makes them
 * instead, we do, the same way: files that the patterns match and git ignores are copied, never
 * tracked or merely untracked ones, never over a file already in the lane. Git matches the
 * patterns, so they mean exactly what they mean in a {@code .gitignore}.
 */
public final class WorktreeInclude {

    public static final String FILE = ".worktreeinclude";

    private WorktreeInclude() {
    }

    /**
     * Copies the files into {@code lane} (kept as they are: a symlink stays a symlink, mode bits
     * kept); returns their paths relative to the checkout. Best effort: a file that cannot be
     * copied costs the agent a setup step, not its lane.
     */
    public static List<String> copy(Git main, Path mainCheckout, Path lane) {
        Path patterns = mainCheckout.resolve(FILE);
        if (!Files.isRegularFile(patterns)) {
            return List.of();
        }
        List<String> matching;
        Set<String> skip;
        try {
            matching = main.files().untrackedMatching(patterns);
            // Untracked files the ignore rules do not cover: matched by the patterns, still not copied.
            skip = new HashSet<>(main.files().untracked());
        } catch (LandException e) {
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
}

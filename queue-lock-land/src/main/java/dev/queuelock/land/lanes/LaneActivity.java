package dev.queuelock.land.lanes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * When a lane last showed signs of work, from file times alone (nothing runs in the background to
 * watch it): a commit, checkout or staging (its worktree's {@code HEAD}, {@code index} and reflog),
 * a change to an uncommitted file, a build's output ({@code target/} and what is directly in it),
 * the lane directory itself. An agent thinking between two commands leaves these fresh.
 */
final class LaneActivity {

    private LaneActivity() {
    }

    /** Epoch milliseconds of the newest sign of work; 0 if none can be read. */
    static long lastSign(Path lane, List<String> uncommitted) {
        long newest = time(lane);
        Path gitDir = worktreeGitDir(lane);
        if (gitDir != null) {
            for (String file : List.of("HEAD", "index", "logs/HEAD")) {
                newest = Math.max(newest, time(gitDir.resolve(file)));
            }
        }
        for (String path : uncommitted) {
            newest = Math.max(newest, time(lane.resolve(path)));
        }
        Path target = lane.resolve("target");
        newest = Math.max(newest, time(target));
        if (Files.isDirectory(target)) {
            try (DirectoryStream<Path> outputs = Files.newDirectoryStream(target)) {
                for (Path output : outputs) {
                    newest = Math.max(newest, time(output));
                }
            } catch (IOException e) {
                // the build's own output is only one sign among several
            }
        }
        return newest;
    }

    /** The worktree's own git directory, from its {@code .git} file ({@code gitdir: <path>}). */
    private static Path worktreeGitDir(Path lane) {
        Path dotGit = lane.resolve(".git");
        if (Files.isDirectory(dotGit)) {
            return dotGit;
        }
        try {
            String text = new String(Files.readAllBytes(dotGit), StandardCharsets.UTF_8).trim();
            return text.startsWith("gitdir:") ? lane.resolve(text.substring("gitdir:".length()).trim()) : null;
        } catch (IOException e) {
            return null;
        }
    }

    private static long time(Path path) {
        try {
            return Files.getLastModifiedTime(path).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }
}

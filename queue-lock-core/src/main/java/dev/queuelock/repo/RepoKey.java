package dev.queuelock.repo;

import dev.queuelock.process.GitCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * Which repository a directory belongs to, as the queue sees it: the physical path of git's
 * common dir, so every worktree of a clone shares one queue while two clones never contend.
 * This is the key the npm tool hashes ({@code git rev-parse --git-common-dir}, then
 * {@code pwd -P}); outside git it is the directory itself.
 *
 * <p>The {@code .git} file or directory and {@code commondir} are read directly, which costs no
 * process start; {@code git} itself is asked only when they cannot be read that way (a bare
 * repository, {@code GIT_DIR} in the environment). Nothing is ever printed.
 */
public final class RepoKey {

    private final String key;
    private final Path worktree;

    private RepoKey(String key, Path worktree) {
        this.key = key;
        this.worktree = worktree;
    }

    /** The key string hashed into the queue directory name. */
    public String key() {
        return key;
    }

    /** The top of the worktree containing the directory (or the directory itself outside git). */
    public Path worktree() {
        return worktree;
    }

    /** The lane name a lock in this worktree acts for: the worktree directory's name. */
    public String lane() {
        Path name = worktree.getFileName();
        return name == null ? worktree.toString() : name.toString();
    }

    public static RepoKey of(Path dir) {
        Path start = physical(dir.toAbsolutePath().normalize());
        if (System.getenv("GIT_DIR") == null) {
            for (Path d = start; d != null; d = d.getParent()) {
                Path dotGit = d.resolve(".git");
                if (Files.exists(dotGit, LinkOption.NOFOLLOW_LINKS) || Files.exists(dotGit)) {
                    Optional<Path> common = commonDirOf(dotGit);
                    if (common.isPresent()) {
                        return new RepoKey(physical(common.get()).toString(), d);
                    }
                    break; // unusual layout: let git decide
                }
            }
        }
        return askGit(start).orElse(new RepoKey(start.toString(), start));
    }

    private static Optional<Path> commonDirOf(Path dotGit) {
        try {
            Path gitDir = dotGit;
            if (Files.isRegularFile(dotGit)) {
                String content = read(dotGit);
                if (!content.startsWith("gitdir:")) {
                    return Optional.empty();
                }
                gitDir = dotGit.getParent().resolve(content.substring("gitdir:".length()).trim()).normalize();
            }
            if (!Files.isRegularFile(gitDir.resolve("HEAD"))) {
                return Optional.empty();
            }
            Path commondir = gitDir.resolve("commondir");
            if (Files.isRegularFile(commondir)) {
                return Optional.of(gitDir.resolve(read(commondir).trim()).normalize());
            }
            return Optional.of(gitDir);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Optional<RepoKey> askGit(Path dir) {
        try {
            GitCommand.Result common = GitCommand.in(dir).withTimeout(Duration.ofSeconds(10))
                    .run("rev-parse", "--path-format=absolute", "--git-common-dir");
            if (!common.ok()) {
                return Optional.empty();
            }
            // Only a bare repository or GIT_DIR gets here: the lane is the directory asked about.
            return Optional.of(new RepoKey(physical(dir.resolve(common.out.trim())).toString(), dir));
        } catch (IOException e) {
            return Optional.empty(); // no git installed: outside git as far as we can tell
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    private static String read(Path file) throws IOException {
        return new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    }

    private static Path physical(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return path;
        }
    }

    @Override
    public String toString() {
        return key;
    }
}

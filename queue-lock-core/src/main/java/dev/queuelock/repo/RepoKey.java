package dev.queuelock.repo;

import dev.queuelock.process.GitCommand;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Which repository a directory belongs to, as the queue sees it: the physical path of git's
 * common dir, so every worktree of a clone shares one queue while two clones never contend.
 * This is the key the npm tool hashes ({@code git rev-parse --git-common-dir}, then
 * {@code pwd -P}); outside git it is the directory itself.
 *
 * <p>The {@code .git} file or directory, a bare repository and {@code commondir} are read
 * directly, honouring {@code GIT_CEILING_DIRECTORIES} as git does, which costs no process start;
 * {@code git} itself is asked only when they cannot be read that way ({@code GIT_DIR} in the
 * environment, an unusual layout). Nothing is ever printed.
 */
public final class RepoKey {

    private final String key;
    private final Path worktree;
    private final boolean mainCheckout;

    private RepoKey(String key, Path worktree) {
        this(key, worktree, false);
    }

    private RepoKey(String key, Path worktree, boolean mainCheckout) {
        this.key = key;
        this.worktree = worktree;
        this.mainCheckout = mainCheckout;
    }

    /** The key string hashed into the queue directory name. */
    public String key() {
        return key;
    }

    /** The top of the worktree containing the directory (or the directory itself outside git). */
    public Path worktree() {
        return worktree;
    }

    /**
     * Who a lock in this worktree acts for, the lane name as the npm tool's record calls it: the
     * worktree directory's name.
     */
    public String lane() {
        Path name = worktree.getFileName();
        return name == null ? worktree.toString() : name.toString();
    }

    /**
     * Whether the worktree is the repository's main checkout (its {@code .git} is the common dir
     * itself), not a linked worktree made by {@code git worktree add}; false where that was not read directly.
     */
    public boolean mainCheckout() {
        return mainCheckout;
    }

    /** Whether the directory is in a git repository; outside git the key is the directory itself. */
    public boolean inGit() {
        return !key.equals(worktree.toString());
    }

    public static RepoKey of(Path dir) {
        Path start = physical(dir.toAbsolutePath().normalize());
        if (System.getenv("GIT_DIR") != null) {
            return askGit(start).orElse(new RepoKey(start.toString(), start));
        }
        List<Path> ceilings = ceilings(System.getenv("GIT_CEILING_DIRECTORIES"));
        for (Path d = start; d != null; d = d.getParent()) {
            Path dotGit = d.resolve(".git");
            boolean bare = !Files.exists(dotGit, LinkOption.NOFOLLOW_LINKS) && isGitDir(d);
            if (bare || Files.exists(dotGit, LinkOption.NOFOLLOW_LINKS) || Files.exists(dotGit)) {
                Optional<Path> common = commonDirOf(bare ? d : dotGit);
                if (common.isPresent()) {
                    // A bare repository has no worktree: the lane name comes from the directory asked about, as git says.
                    // The .git directory that is the common dir itself is the main checkout's (no extra look).
                    return new RepoKey(physical(common.get()).toString(), bare ? start : d, !bare && common.get().equals(dotGit));
                }
                return askGit(start).orElse(new RepoKey(start.toString(), start)); // unusual layout: let git decide
            }
            if (d.getParent() != null && ceilings.contains(d.getParent())) {
                break; // git does not look above a ceiling directory, nor do we
            }
        }
        // Outside git: no program is run to be told so (every build outside git would pay it).
        return new RepoKey(start.toString(), start);
    }

    /** {@code GIT_CEILING_DIRECTORIES}: absolute paths, colon-separated, as git reads them. */
    private static List<Path> ceilings(String value) {
        List<Path> ceilings = new ArrayList<>();
        if (value != null) {
            for (String entry : value.split(":")) {
                if (entry.startsWith("/")) {
                    Path ceiling = Path.of(entry).normalize();
                    ceilings.add(ceiling);
                    ceilings.add(physical(ceiling));
                }
            }
        }
        return ceilings;
    }

    /** A git directory itself (a bare repository), recognised as git does: HEAD, objects/ and refs/. */
    private static boolean isGitDir(Path d) {
        return Files.isRegularFile(d.resolve("HEAD")) && Files.isDirectory(d.resolve("objects"))
                && Files.isDirectory(d.resolve("refs"));
    }

    /**
     * The worktree's own git dir ({@code .git/worktrees/<name>} for a linked worktree, {@code .git} for the main
     * checkout), read as {@link #of} reads it; empty where that cannot be read directly. Looked up when
     * asked, so a build that does not need it pays nothing.
     */
    public Optional<Path> gitDir() {
        try {
            return gitDirOf(worktree.resolve(".git"));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** The git dir a {@code .git} file or directory stands for; empty if it is no git dir. */
    private static Optional<Path> gitDirOf(Path dotGit) throws IOException {
        Path gitDir = dotGit;
        if (Files.isRegularFile(dotGit)) {
            String content = read(dotGit);
            if (!content.startsWith("gitdir:")) {
                return Optional.empty();
            }
            gitDir = dotGit.getParent().resolve(content.substring("gitdir:".length()).trim()).normalize();
        }
        return Files.isRegularFile(gitDir.resolve("HEAD")) ? Optional.of(gitDir) : Optional.empty();
    }

    private static Optional<Path> commonDirOf(Path dotGit) {
        try {
            Optional<Path> own = gitDirOf(dotGit);
            if (own.isEmpty()) {
                return Optional.empty();
            }
            Path gitDir = own.get();
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
            // Only GIT_DIR or an unusual layout gets here: the lane name comes from the directory asked about.
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

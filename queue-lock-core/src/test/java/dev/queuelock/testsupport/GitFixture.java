package dev.queuelock.testsupport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** A bare remote, a main clone on {@code main}, and lane worktrees: real git in a temp dir. */
public final class GitFixture {

    public final Path root;
    public final Path remote;
    public final Path main;

    public GitFixture(Path root) throws IOException {
        this.root = root;
        this.remote = root.resolve("remote.git");
        this.main = root.resolve("main");
        git(root, "init", "--quiet", "--bare", "--initial-branch=main", remote.toString());
        git(root, "clone", "--quiet", remote.toString(), main.toString());
        git(main, "switch", "--quiet", "-c", "main");
        commit(main, "README.md", "hello\n", "initial");
        git(main, "push", "--quiet", "-u", "origin", "main");
    }

    /** A new worktree on a new branch {@code lane} from origin/main. */
    public Path lane(String lane) {
        Path dir = root.resolve(lane);
        git(main, "worktree", "add", "--quiet", "-b", lane, dir.toString(), "origin/main");
        return dir;
    }

    public static void commit(Path worktree, String file, String content, String message) {
        try {
            Path path = worktree.resolve(file);
            Files.createDirectories(path.getParent());
            Files.write(path, content.getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new AssertionError(e);
        }
        git(worktree, "add", "--", file);
        git(worktree, "commit", "--quiet", "-m", message);
    }

    public String remoteHead() {
        return git(main, "ls-remote", remote.toString(), "refs/heads/main").split("\\s")[0];
    }

    public List<String> remoteLog() {
        return Arrays.asList(git(main, "log", "--format=%s", "--first-parent", remoteHead()).split("\n"));
    }

    /** Runs git and returns its output ({@link TestGit#git}, the one runner). */
    public static String git(Path dir, String... args) {
        return TestGit.git(dir, args);
    }
}

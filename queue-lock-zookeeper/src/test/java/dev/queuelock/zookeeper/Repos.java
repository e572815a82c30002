package dev.queuelock.zookeeper;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Real git for the land tests: a bare remote and clones of it at different paths ("machines"). */
final class Repos {

    private Repos() {
    }

    /** A bare repository with one commit on {@code main}. */
    static Path bareRemote(Path root) throws IOException {
        Path remote = root.resolve("remote.git");
        Path seed = root.resolve("seed");
        git(root, "init", "--quiet", "--bare", "--initial-branch=main", remote.toString());
        git(root, "clone", "--quiet", remote.toString(), seed.toString());
        git(seed, "switch", "--quiet", "-c", "main");
        commit(seed, "README.md", "hello\n", "initial");
        git(seed, "push", "--quiet", "-u", "origin", "main");
        return remote;
    }

    /** A clone of {@code remote} at {@code dir}, on a new lane branch {@code lane} with one commit. */
    static Path laneClone(Path remote, Path dir, String lane) throws IOException {
        Files.createDirectories(dir.getParent());
        git(dir.getParent(), "clone", "--quiet", remote.toString(), dir.toString());
        git(dir, "switch", "--quiet", "-c", lane, "origin/main");
        commit(dir, lane + ".txt", lane + "\n", "add " + lane);
        return dir;
    }

    static void commit(Path worktree, String file, String content, String message) throws IOException {
        Files.write(worktree.resolve(file), content.getBytes(StandardCharsets.UTF_8));
        git(worktree, "add", "--", file);
        git(worktree, "commit", "--quiet", "-m", message);
    }

    static List<String> log(Path remote) {
        return Arrays.asList(git(remote, "log", "--format=%s", "main").split("\n"));
    }

    static String git(Path dir, String... args) {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(Arrays.asList(args));
        try {
            Process git = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertThat(git.waitFor()).as("git %s in %s: %s", String.join(" ", args), dir, out).isZero();
            return out.strip();
        } catch (IOException e) {
            throw new AssertionError(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}

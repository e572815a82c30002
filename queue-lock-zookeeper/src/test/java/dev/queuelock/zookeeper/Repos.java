package dev.queuelock.zookeeper;

import static dev.queuelock.testsupport.GitFixture.commit;
import static dev.queuelock.testsupport.GitFixture.git;

import dev.queuelock.testsupport.GitFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** Real git for the land tests (through the core's {@link GitFixture}): a bare remote and clones of it at different paths ("machines"). */
final class Repos {

    private Repos() {
    }

    /** A bare repository with one commit on {@code main}. */
    static Path bareRemote(Path root) throws IOException {
        return new GitFixture(root).remote;
    }

    /** A clone of {@code remote} at {@code dir}, on a new lane branch {@code lane} with one commit. */
    static Path laneClone(Path remote, Path dir, String lane) throws IOException {
        Files.createDirectories(dir.getParent());
        git(dir.getParent(), "clone", "--quiet", remote.toString(), dir.toString());
        git(dir, "switch", "--quiet", "-c", lane, "origin/main");
        commit(dir, lane + ".txt", lane + "\n", "add " + lane);
        return dir;
    }

    static List<String> log(Path remote) {
        return Arrays.asList(git(remote, "log", "--format=%s", "main").split("\n"));
    }
}

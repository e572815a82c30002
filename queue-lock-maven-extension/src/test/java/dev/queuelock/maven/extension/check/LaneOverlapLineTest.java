package dev.queuelock.maven.extension.check;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 56: a lane's build names the other lanes that change its files, and only those, from real git. */
class LaneOverlapLineTest {

    @TempDir
    Path tmp;

    @Test
    void aLanesBuildNamesTheOtherLaneEditingItsFileAndNotTheLaneOnOtherFiles() throws Exception {
        GitFixture repo = new GitFixture(tmp);
        GitFixture.commit(repo.main, "core/Parser.java", "class Parser {}\n", "parser");
        GitFixture.git(repo.main, "push", "--quiet", "origin", "main");
        Path one = lane(repo, 1);
        Path two = lane(repo, 2);
        Path three = lane(repo, 3);
        Files.writeString(one.resolve("core/Parser.java"), "class Parser { int one; }\n");
        GitFixture.commit(two, "core/Parser.java", "class Parser { int two; }\n", "two");
        Files.writeString(three.resolve("other.txt"), "three\n");

        long start = System.nanoTime();
        List<String> lines = LaneOverlapLine.lines(two, new Properties());
        long millis = (System.nanoTime() - start) / 1_000_000;

        assertThat(lines).containsExactly("main-lane-1 also changes core/Parser.java: whoever lands second rebases onto the other"
                + " (mvn queuelock:status lists every overlap)");
        assertThat(LaneOverlapLine.lines(three, new Properties())).isEmpty();
        assertThat(LaneOverlapLine.lines(repo.main, new Properties())).as("the main checkout is no lane").isEmpty();
        for (int i = 0; i < 5; i++) {
            long again = System.nanoTime();
            LaneOverlapLine.lines(two, new Properties());
            System.out.println("conflicts forecast in a lane's build, 3 lanes, again: " + (System.nanoTime() - again) / 1_000_000 + " ms");
        }
        System.out.println("conflicts forecast in a lane's build, 3 lanes, first in this JVM: " + millis + " ms");
    }

    private static Path lane(GitFixture repo, int n) {
        Path lane = repo.main.resolveSibling("main-lane-" + n);
        GitFixture.git(repo.main, "worktree", "add", "--quiet", "-b", "lane/" + n, lane.toString(), "origin/main");
        return lane;
    }
}

package dev.queuelock.maven.it;

import dev.queuelock.testsupport.TestGit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Real git repositories holding a small Maven project with the extension in
 * {@code .mvn/extensions.xml}. Its {@code validate} phase holds the build until the file
 * {@code -Drelease} exists (default: at once), then for {@code -Dhold} seconds, and appends
 * {@code start <name>} / {@code end <name>} to the file {@code -Dmarks}, so hold intervals can be
 * read back in order; a build given none of these four properties skips all that (and loads no Ant).
 */
final class TestRepos {

    static final String VERSION = System.getProperty("queuelock.it.version", "0.1.0-SNAPSHOT");

    private TestRepos() {
    }

    /** A repository at {@code dir} plus worktrees beside it named {@code worktrees}; returns all tops. */
    static List<Path> repoWithWorktrees(Path dir, String... worktrees) throws IOException, InterruptedException {
        Files.createDirectories(dir.resolve(".mvn"));
        Files.writeString(dir.resolve(".mvn/extensions.xml"), "<extensions><extension>"
                + "<groupId>dev.queuelock</groupId><artifactId>queue-lock-maven-extension</artifactId>"
                + "<version>" + VERSION + "</version></extension></extensions>\n", StandardCharsets.UTF_8);
        Files.writeString(dir.resolve("pom.xml"), TestPoms.text("hold.xml"), StandardCharsets.UTF_8);
        Files.writeString(dir.resolve(".gitignore"), "marks*\n", StandardCharsets.UTF_8);
        git(dir, "init", "-q");
        git(dir, "add", ".");
        git(dir, "-c", "user.name=it", "-c", "user.email=it@example.invalid", "commit", "-q", "-m", "project");
        List<Path> tops = new ArrayList<>(List.of(dir));
        for (String name : worktrees) {
            Path wt = dir.resolveSibling(name);
            git(dir, "worktree", "add", "-q", "--detach", wt.toString());
            tops.add(wt);
        }
        return tops;
    }

    /** Runs git in {@code dir}; its output, stripped ({@link TestGit#git}, the one runner). */
    static String git(Path dir, String... args) {
        return TestGit.git(dir, args);
    }
}

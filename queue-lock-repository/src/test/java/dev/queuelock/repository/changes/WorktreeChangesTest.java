package dev.queuelock.repository.changes;

import static dev.queuelock.testsupport.TestGit.git;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a lane changed since its base, as real git says, before and after the agent commits. */
class WorktreeChangesTest {

    @TempDir
    Path work;

    /** The remote added with {@code git remote add}, as most people do: no {@code origin/HEAD}, as land finds its branch. */
    @Test
    void committedStagedUnstagedAndUntrackedFilesAllCountAndMainsLaterCommitsDoNot() throws Exception {
        Path main = work.resolve("shop");
        Path origin = work.resolve("origin.git");
        git(work, "init", "-q", "--bare", "--initial-branch=trunk", origin.toString());
        git(work, "init", "-q", "--initial-branch=trunk", main.toString());
        Files.writeString(main.resolve("a.txt"), "a\n");
        Files.writeString(main.resolve("b.txt"), "b\n");
        Files.writeString(main.resolve("c.txt"), "c\n");
        commit(main, "start");
        git(main, "remote", "add", "origin", origin.toString());
        git(main, "push", "-q", "-u", "origin", "trunk");
        Path lane = work.resolve("shop-lane-1");
        git(main, "worktree", "add", "-q", "-b", "lane/1", lane.toString(), "origin/trunk");

        Files.writeString(lane.resolve("a.txt"), "a, committed\n");
        commit(lane, "lane work");
        Files.writeString(lane.resolve("b.txt"), "b, staged\n");
        git(lane, "add", "b.txt");
        Files.writeString(lane.resolve("c.txt"), "c, not staged\n");
        Files.writeString(lane.resolve("new.txt"), "untracked\n");
        Files.writeString(main.resolve("d.txt"), "main moved on\n");
        commit(main, "main's own");
        git(main, "push", "-q", "origin", "trunk");
        git(lane, "fetch", "-q", "origin");

        WorktreeChanges changes = WorktreeChanges.of(lane, new Properties());
        assertThat(changes.unknown).isNull();
        assertThat(changes.since).isEqualTo("origin/trunk (the default branch of remote origin)");
        assertThat(changes.paths).containsExactlyInAnyOrder("a.txt", "b.txt", "c.txt", "new.txt");

        Properties elsewhere = new Properties();
        elsewhere.setProperty("queuelock.land.integrationBranch", "nowhere");
        WorktreeChanges none = WorktreeChanges.of(lane, elsewhere);
        assertThat(none.paths).isEmpty();
        assertThat(none.unknown).isEqualTo("cannot tell the worktree's base: neither origin/nowhere nor nowhere has a commit in"
                + " common with HEAD (the integration branch is nowhere (set by -Dqueuelock.land.integrationBranch))");
    }

    private static void commit(Path dir, String message) {
        git(dir, "add", "-A");
        git(dir, "-c", "user.name=t", "-c", "user.email=t@example.invalid", "commit", "-q", "-m", message);
    }
}

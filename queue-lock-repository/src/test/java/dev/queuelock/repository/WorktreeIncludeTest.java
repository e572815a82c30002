package dev.queuelock.repository;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** .worktreeinclude as Claude Code reads it: git-ignored files its patterns match are copied into a new lane. */
class WorktreeIncludeTest {

    @TempDir
    Path root;

    @Test
    void copiesTheIgnoredFilesThePatternsMatchAndNothingElse() throws Exception {
        GitFixture repo = new GitFixture(root);
        Path main = repo.main;
        GitFixture.commit(main, ".gitignore", ".env\nsecrets/\ntarget/\n", "ignore");
        Files.writeString(main.resolve(WorktreeInclude.FILE), "# what a lane needs\n.env\nsecrets/\nnotes.txt\nREADME*\n");
        Files.writeString(main.resolve(".env"), "TOKEN=1\n");
        Files.createDirectories(main.resolve("secrets/deep"));
        Files.writeString(main.resolve("secrets/deep/key.txt"), "key\n");
        Files.createDirectories(main.resolve("target"));
        Files.writeString(main.resolve("target/out.class"), "built\n");
        Files.writeString(main.resolve("notes.txt"), "untracked, not ignored\n");
        Path lane = root.resolve("lane");
        GitFixture.git(main, "worktree", "add", "-q", "--detach", lane.toString());
        Files.writeString(lane.resolve(".env"), "TOKEN=lane's own\n");

        assertThat(WorktreeInclude.copy(main, lane)).containsExactly("secrets/deep/key.txt");

        assertThat(lane.resolve("secrets/deep/key.txt")).hasContent("key");
        assertThat(lane.resolve(".env")).as("never over a file the lane has").hasContent("TOKEN=lane's own");
        assertThat(lane.resolve("target")).as("ignored, not listed").doesNotExist();
        assertThat(lane.resolve("notes.txt")).as("listed, but not ignored: Claude Code copies only ignored files").doesNotExist();
        assertThat(WorktreeInclude.copy(main, root.resolve("nowhere"))).isNotEmpty();
        Files.delete(main.resolve(WorktreeInclude.FILE));
        assertThat(WorktreeInclude.copy(main, lane)).isEmpty();
    }
}

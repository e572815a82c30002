package dev.queuelock.land.lanes;

import static dev.queuelock.testsupport.GitFixture.commit;
import static dev.queuelock.testsupport.GitFixture.git;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.RecordedLog;
import dev.queuelock.land.git.Git;
import dev.queuelock.testsupport.GitFixture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A lane shown in the main checkout and taken back: nothing of the main checkout's is ever lost. */
class PreviewTest {

    @TempDir
    Path tmp;

    GitFixture repo;
    Path lane;
    Preview preview;
    final RecordedLog log = new RecordedLog();

    @BeforeEach
    void setUp() throws Exception {
        repo = new GitFixture(Files.createDirectory(tmp.resolve("repo")));
        commit(repo.main, "app.txt", "main's app\n", "an app");
        lane = repo.lane("lane/1");
        Files.writeString(lane.resolve("README.md"), "the lane's readme\n");
        Files.writeString(lane.resolve("app.txt"), "the lane's app\n");
        Files.createDirectories(lane.resolve("src/new"));
        Files.writeString(lane.resolve("src/new/Added.txt"), "added in the lane\n");
        preview = new Preview(LaneLayout.of(new Git(lane), LaneSettings.defaults()), log);
    }

    @Test
    void aMainCheckoutWithChangesOfItsOwnIsRefusedAndNothingIsCopied() throws Exception {
        Files.writeString(repo.main.resolve("app.txt"), "edited in main\n");

        assertThatThrownBy(() -> preview.show(lane)).isInstanceOf(LandException.class)
                .hasMessageContaining("has changes of its own").hasMessageContaining("Nothing was copied");

        assertThat(repo.main.resolve("app.txt")).content().isEqualTo("edited in main\n");
        assertThat(repo.main.resolve("README.md")).content().isEqualTo("hello\n");
        assertThat(repo.main.resolve("src")).doesNotExist();
    }

    @Test
    void restorePutsTheMainCheckoutBackExactly() throws Exception {
        preview.show(lane);
        assertThat(repo.main.resolve("app.txt")).content().isEqualTo("the lane's app\n");

        assertThat(preview.restore()).isTrue();

        assertThat(git(repo.main, "status", "--porcelain")).isEmpty();
        assertThat(repo.main.resolve("src")).doesNotExist();
        assertThat(log.warnings()).isEmpty();
    }

    @Test
    void aManifestWithAFieldOfANewerVersionStillRestores() throws Exception {
        preview.show(lane);
        Path manifest = repo.main.resolve(".git/queuelock/preview.json");
        Files.writeString(manifest, Files.readString(manifest).replaceFirst("\\{", "{ \"future\" : 1,"));

        assertThat(preview.restore()).isTrue();

        assertThat(git(repo.main, "status", "--porcelain")).isEmpty();
    }

    @Test
    void aFileEditedInTheMainCheckoutDuringThePreviewIsKeptAndNamed() throws Exception {
        preview.show(lane);
        Files.writeString(repo.main.resolve("app.txt"), "fixed while looking at the preview\n");
        Files.writeString(repo.main.resolve("src/new/Added.txt"), "also edited\n");

        preview.restore();

        assertThat(repo.main.resolve("app.txt")).content().isEqualTo("fixed while looking at the preview\n");
        assertThat(repo.main.resolve("src/new/Added.txt")).content().isEqualTo("also edited\n");
        assertThat(repo.main.resolve("README.md")).as("unedited: reverted").content().isEqualTo("hello\n");
        assertThat(log.warnings()).singleElement().asString().contains("left as they are").contains("app.txt")
                .contains("src/new/Added.txt");
    }

    @Test
    void aFileTheLaneDeletedIsDeletedInThePreviewAndRestoredByteForByte() throws Exception {
        byte[] old = "an old page\r\nwith CRLF and no final newline".getBytes(StandardCharsets.UTF_8);
        Path page = repo.main.resolve("docs/old.txt");
        Files.createDirectories(page.getParent());
        Files.write(page, old);
        commit(repo.main, "docs/keep.txt", "kept\n", "docs");
        git(repo.main, "add", "docs/old.txt");
        git(repo.main, "commit", "--quiet", "-m", "an old page");
        git(repo.main, "push", "--quiet", "origin", "main");
        Path deleting = repo.lane("lane/2");
        git(deleting, "rm", "--quiet", "docs/old.txt", "docs/keep.txt");
        git(deleting, "commit", "--quiet", "-m", "the old pages go");
        Files.delete(deleting.resolve("app.txt")); // deleted, not even staged: a deletion all the same
        commit(repo.main, "later.txt", "main moved on\n", "a file the lane never saw"); // not the lane's to delete
        Preview deletingPreview = new Preview(LaneLayout.of(new Git(deleting), LaneSettings.defaults()), log);

        deletingPreview.show(deleting);

        assertThat(page).doesNotExist();
        assertThat(repo.main.resolve("docs")).as("git keeps no empty directory").doesNotExist();
        assertThat(repo.main.resolve("app.txt")).doesNotExist();
        assertThat(repo.main.resolve("later.txt")).exists();
        assertThat(log.lines()).anySatisfy(line -> assertThat(line).contains("0 file(s) changed, 0 added, 3 deleted."));

        assertThat(deletingPreview.restore()).isTrue();

        assertThat(Files.readAllBytes(page)).isEqualTo(old);
        assertThat(repo.main.resolve("app.txt")).content().isEqualTo("main's app\n");
        assertThat(git(repo.main, "status", "--porcelain")).isEmpty();
        assertThat(log.warnings()).isEmpty();
        assertThat(log.lines()).anySatisfy(line -> assertThat(line).contains("0 file(s) reverted, 0 removed, 3 brought back."));
    }

    @Test
    void aDeletedFileReCreatedInTheMainCheckoutDuringThePreviewIsKeptAndNamed() throws Exception {
        git(lane, "rm", "--quiet", "-f", "README.md");
        preview.show(lane);
        assertThat(repo.main.resolve("README.md")).doesNotExist();
        Files.writeString(repo.main.resolve("README.md"), "written again while looking at the preview\n");

        preview.restore();

        assertThat(repo.main.resolve("README.md")).content().isEqualTo("written again while looking at the preview\n");
        assertThat(repo.main.resolve("app.txt")).as("unedited: reverted").content().isEqualTo("main's app\n");
        assertThat(log.warnings()).singleElement().asString().contains("re-created").contains("[README.md]");
    }

    @Test
    void aFileTheLaneTurnedIntoADirectoryAndBackIsShownAndRestored() throws Exception {
        commit(repo.main, "docs", "docs was a file\n", "a file named docs");
        commit(repo.main, "notes/todo.txt", "a todo\n", "a directory named notes");
        git(repo.main, "push", "--quiet", "origin", "main");
        Path turning = repo.lane("lane/3");
        git(turning, "rm", "--quiet", "docs", "notes/todo.txt");
        commit(turning, "docs/index.txt", "docs is a directory now\n", "docs becomes a directory");
        commit(turning, "notes", "notes is a file now\n", "notes becomes a file");
        Preview turningPreview = new Preview(LaneLayout.of(new Git(turning), LaneSettings.defaults()), log);

        turningPreview.show(turning);

        assertThat(repo.main.resolve("docs/index.txt")).content().isEqualTo("docs is a directory now\n");
        assertThat(repo.main.resolve("notes")).content().isEqualTo("notes is a file now\n");

        turningPreview.restore();

        assertThat(repo.main.resolve("docs")).content().isEqualTo("docs was a file\n");
        assertThat(repo.main.resolve("notes/todo.txt")).content().isEqualTo("a todo\n");
        assertThat(git(repo.main, "status", "--porcelain")).isEmpty();
        assertThat(log.warnings()).isEmpty();
    }
}

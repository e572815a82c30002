package dev.queuelock.land;

import static dev.queuelock.testsupport.GitFixture.commit;
import static dev.queuelock.testsupport.GitFixture.git;
import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bringing the main checkout up to the integration branch (after a landing, or {@code
 * queuelock:sync}): fast-forward only, and nothing a person left there is ever lost.
 */
class MainCheckoutSyncTest {

    @TempDir
    Path tmp;

    GitFixture repo;
    final RecordedLog log = new RecordedLog();

    @BeforeEach
    void setUp() throws Exception {
        repo = new GitFixture(Files.createDirectory(tmp.resolve("repo")));
        commit(repo.main, "generated.txt", "v1\n", "a file the build rewrites");
        git(repo.main, "push", "--quiet", "origin", "main");
    }

    @Test
    void aCleanMainCheckoutIsFastForwarded() throws Exception {
        String landed = landElsewhere("landed.txt");

        assertThat(sync(List.of())).isTrue();

        assertThat(git(repo.main, "rev-parse", "HEAD")).isEqualTo(landed);
        assertThat(log.warnings()).isEmpty();
    }

    @Test
    void uncommittedChangesAreLeftExactlyAsTheyAreWithAWarning() throws Exception {
        String before = git(repo.main, "rev-parse", "HEAD");
        Files.writeString(repo.main.resolve("README.md"), "my edit\n");
        landElsewhere("landed.txt");

        assertThat(sync(List.of())).isFalse();

        assertThat(repo.main.resolve("README.md")).content().isEqualTo("my edit\n");
        assertThat(git(repo.main, "rev-parse", "HEAD")).isEqualTo(before);
        assertThat(log.warnings()).singleElement().asString().contains("has uncommitted changes; left as is")
                .contains("merge --ff-only origin/main");
    }

    @Test
    void aChangedRegenerableFileIsRestoredAndDoesNotBlock() throws Exception {
        Files.writeString(repo.main.resolve("generated.txt"), "rewritten by a build\n");
        String landed = landElsewhere("landed.txt");

        assertThat(sync(List.of("generated.txt"))).isTrue();

        assertThat(git(repo.main, "rev-parse", "HEAD")).isEqualTo(landed);
        assertThat(repo.main.resolve("generated.txt")).content().isEqualTo("v1\n");
    }

    @Test
    void aLocalCommitIsKeptAndTheDivergenceSaid() throws Exception {
        commit(repo.main, "local.txt", "mine\n", "a commit made on main by hand");
        String local = git(repo.main, "rev-parse", "HEAD");
        landElsewhere("landed.txt");

        assertThat(sync(List.of())).isFalse();

        assertThat(git(repo.main, "rev-parse", "HEAD")).isEqualTo(local);
        assertThat(log.warnings()).singleElement().asString().contains("has diverged from origin/main; left as is");
    }

    @Test
    void anUntrackedFileTheMergeWouldOverwriteIsKeptAndNamed() throws Exception {
        String before = git(repo.main, "rev-parse", "HEAD");
        Files.writeString(repo.main.resolve("landed.txt"), "an untracked draft\n");
        landElsewhere("landed.txt");

        assertThat(sync(List.of())).isFalse();

        assertThat(repo.main.resolve("landed.txt")).content().isEqualTo("an untracked draft\n");
        assertThat(git(repo.main, "rev-parse", "HEAD")).isEqualTo(before);
        assertThat(log.warnings()).singleElement().asString().doesNotContain("diverged")
                .contains("could not be fast-forwarded to origin/main; left as is:")
                .contains("would be overwritten by merge: landed.txt");
    }

    @Test
    void aMainCheckoutOnAnotherBranchIsNotMoved() throws Exception {
        git(repo.main, "switch", "--quiet", "-c", "experiment");
        String before = git(repo.main, "rev-parse", "HEAD");
        landElsewhere("landed.txt");

        assertThat(sync(List.of())).isFalse();

        assertThat(git(repo.main, "rev-parse", "HEAD")).isEqualTo(before);
        assertThat(log.warnings()).isEmpty();
    }

    /** A commit adding {@code file} reaches origin/main from a lane, and the main checkout fetches it. */
    private String landElsewhere(String file) throws Exception {
        Path lane = repo.lane("elsewhere");
        commit(lane, file, "landed\n", "landed from a lane");
        git(lane, "push", "--quiet", "origin", "HEAD:main");
        git(repo.main, "fetch", "--quiet", "origin");
        return git(lane, "rev-parse", "HEAD");
    }

    private boolean sync(List<String> regenerable) {
        LandSettings settings = new LandSettings("origin", "main", List.of(), regenerable, 0, true);
        return new MainCheckoutSync(repo.main.resolve(".git"), settings, "main", log).fastForward();
    }
}

package dev.queuelock.land.engine;

import static dev.queuelock.testsupport.GitFixture.commit;
import static dev.queuelock.testsupport.GitFixture.git;
import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.land.base.RecordedLog;
import dev.queuelock.land.git.LandTarget;
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
    void anUnrelatedUncommittedEditDoesNotBlockAndIsKeptByteForByte() throws Exception {
        byte[] edit = "my edit\r\nno final newline".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        Files.write(repo.main.resolve("README.md"), edit);
        Files.writeString(repo.main.resolve("scratch.txt"), "untracked notes\n");
        git(repo.main, "add", "scratch.txt"); // staged, and unrelated too
        String landed = landElsewhere("landed.txt");

        assertThat(sync(List.of())).isTrue();

        assertThat(git(repo.main, "rev-parse", "HEAD")).isEqualTo(landed);
        assertThat(Files.readAllBytes(repo.main.resolve("README.md"))).isEqualTo(edit);
        assertThat(git(repo.main, "status", "--porcelain")).isEqualTo("M README.md\nA  scratch.txt");
        assertThat(log.warnings()).isEmpty();
    }

    @Test
    void anEditToAFileTheLandingChangesIsLeftExactlyAsItIsAndNamedInOneLine() throws Exception {
        String before = git(repo.main, "rev-parse", "HEAD");
        Files.writeString(repo.main.resolve("README.md"), "my edit\n");
        landElsewhere("README.md");

        String warning = syncRefused(before);

        assertThat(repo.main.resolve("README.md")).content().isEqualTo("my edit\n");
        assertThat(warning).doesNotContain("\n")
                .contains("could not be fast-forwarded to origin/main; left as is: in the way of the incoming commits:"
                        + " local changes to README.md; commit, stash or move them")
                .contains("merge --ff-only origin/main");
    }

    @Test
    void anEditAndAnUntrackedFileInTheWayAreNamedTogether() throws Exception {
        String before = git(repo.main, "rev-parse", "HEAD");
        Files.writeString(repo.main.resolve("README.md"), "my edit\n");
        Files.writeString(repo.main.resolve("new [draft].txt"), "an untracked draft\n");
        Path lane = repo.lane("elsewhere");
        commit(lane, "README.md", "landed\n", "landed from a lane");
        commit(lane, "new [draft].txt", "landed\n", "landed from a lane too");
        git(lane, "push", "--quiet", "origin", "HEAD:main");
        git(repo.main, "fetch", "--quiet", "origin");

        assertThat(syncRefused(before)).contains("in the way of the incoming commits: local changes to README.md"
                + " and untracked new [draft].txt; commit, stash or move them");
        assertThat(repo.main.resolve("new [draft].txt")).content().isEqualTo("an untracked draft\n");
    }

    @Test
    void anIndexLockHeldBrieflyIsWaitedFor() throws Exception {
        Path lock = repo.main.resolve(".git/index.lock");
        Files.createFile(lock);
        String landed = landElsewhere("landed.txt");
        Thread release = new Thread(() -> {
            try {
                Thread.sleep(300);
                Files.delete(lock);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        release.start();

        assertThat(sync(List.of())).isTrue();

        release.join();
        assertThat(git(repo.main, "rev-parse", "HEAD")).isEqualTo(landed);
        assertThat(log.warnings()).isEmpty();
    }

    @Test
    void anIndexLockThatStaysIsSaidInOneLine() throws Exception {
        Files.createFile(repo.main.resolve(".git/index.lock"));
        String before = git(repo.main, "rev-parse", "HEAD");
        landElsewhere("landed.txt");

        assertThat(syncRefused(before)).doesNotContain("\n")
                .contains("another git command kept its index.lock for 3 s; run mvn queuelock:sync when it is done");
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

        assertThat(syncRefused(local))
                .contains("has diverged from origin/main; left as is: 1 commit(s) of its own");
    }

    @Test
    void aMainCheckoutAheadOfTheRemoteIsNotCalledDiverged() throws Exception {
        landElsewhere("landed.txt");
        git(repo.main, "merge", "--quiet", "--ff-only", "origin/main");
        commit(repo.main, "local.txt", "mine\n", "a commit made on main by hand, not pushed yet");
        String local = git(repo.main, "rev-parse", "HEAD");

        assertThat(sync(List.of())).isTrue();

        assertThat(git(repo.main, "rev-parse", "HEAD")).isEqualTo(local);
        assertThat(log.warnings()).isEmpty();
    }

    @Test
    void anUntrackedFileTheMergeWouldOverwriteIsKeptAndNamed() throws Exception {
        String before = git(repo.main, "rev-parse", "HEAD");
        Files.writeString(repo.main.resolve("landed.txt"), "an untracked draft\n");
        landElsewhere("landed.txt");

        String warning = syncRefused(before);

        assertThat(repo.main.resolve("landed.txt")).content().isEqualTo("an untracked draft\n");
        assertThat(warning).doesNotContain("diverged")
                .contains("could not be fast-forwarded to origin/main; left as is: in the way of the incoming commits:"
                        + " untracked landed.txt; commit, stash or move them");
    }

    @Test
    void aMainCheckoutOnAnotherBranchIsNotMovedAndSaysWhy() throws Exception {
        git(repo.main, "switch", "--quiet", "-c", "experiment");
        String before = git(repo.main, "rev-parse", "HEAD");
        landElsewhere("landed.txt");

        assertThat(syncRefused(before))
                .contains("is on branch 'experiment', not main; left as is (to follow main:")
                .contains("switch main)");
    }

    @Test
    void aDetachedMainCheckoutIsNotMovedAndSaysWhy() throws Exception {
        git(repo.main, "switch", "--quiet", "--detach");
        String before = git(repo.main, "rev-parse", "HEAD");
        landElsewhere("landed.txt");

        assertThat(syncRefused(before)).contains("has a detached HEAD");
    }

    /** Syncs expecting a refusal: the main checkout's HEAD stays at {@code before}; returns the one warning. */
    private String syncRefused(String before) {
        assertThat(sync(List.of())).isFalse();
        assertThat(git(repo.main, "rev-parse", "HEAD")).isEqualTo(before);
        assertThat(log.warnings()).hasSize(1);
        return log.warnings().get(0);
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
        CheckAndPushSettings settings = new CheckAndPushSettings(new LandTarget("origin", "main", List.of()), regenerable, 0, true);
        return new MainCheckoutSync(repo.main.resolve(".git"), settings, "main", log).fastForward();
    }
}

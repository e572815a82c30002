package dev.queuelock.land.git;

import static dev.queuelock.testsupport.GitFixture.commit;
import static dev.queuelock.testsupport.GitFixture.git;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.land.base.LandException;
import dev.queuelock.land.base.LockFileMutex;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.testsupport.GitFixture;
import dev.queuelock.testsupport.TestGit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The git facade against real git: what its typed operations read out of git's machine-readable output. */
@Timeout(60)
class GitTest {

    @TempDir
    Path tmp;

    GitFixture repo;
    Path lane;
    Git git;

    @BeforeEach
    void setUp() throws Exception {
        repo = new GitFixture(tmp);
        lane = repo.lane("lane");
        git = new Git(lane);
    }

    @Test
    void aPushIsJudgedByItsPorcelainStatusNotByGitsWords() throws Exception {
        commit(lane, "a.txt", "a\n", "a");
        assertThat(git.landingPush("origin", git.head(), "main").status()).isEqualTo(PushResult.Status.PUSHED);
        assertThat(git.landingPush("origin", git.head(), "main").status()).isEqualTo(PushResult.Status.UP_TO_DATE);

        Path other = repo.lane("other");
        commit(other, "b.txt", "b\n", "b");
        assertThat(new Git(other).landingPush("origin", new Git(other).head(), "main").ok()).isTrue();
        commit(lane, "c.txt", "c\n", "c");
        PushResult moved = git.landingPush("origin", git.head(), "main");
        assertThat(moved.remoteMoved()).as("not a fast-forward of the moved main").isTrue();
        assertThat(moved.ok()).isFalse();

        Path hook = repo.remote.resolve("hooks").resolve("pre-receive");
        Files.writeString(hook, "#!/bin/sh\necho 'closed for the night' >&2\nexit 1\n");
        Files.setPosixFilePermissions(hook, PosixFilePermissions.fromString("rwxr-xr-x"));
        PushResult refused = git.landingPush("origin", git.head(), "elsewhere");
        assertThat(refused.status()).isEqualTo(PushResult.Status.REFUSED);
        assertThat(refused.remoteMoved()).as("refused by the remote, not moved: trying again cannot help").isFalse();
        assertThat(refused.reason()).isNotEmpty();
    }

    /**
     * Found under load in the ITs: a lane added beside a landing (git worktree add) has a placeholder
     * HEAD until its checkout ends, and the landing's fetch fails on it. The fetch is tried again and
     * gets through once the new worktree is whole; a worktree that stays broken still fails it.
     */
    @Test
    void aFetchGetsThroughALaneBeingAddedBesideIt() throws Exception {
        Path added = repo.lane("being-added");
        Path head = repo.main.resolve(".git/worktrees/being-added/HEAD");
        String whole = Files.readString(head);
        Files.writeString(head, "0".repeat(40) + "\n"); // what git worktree add leaves until its checkout ends
        assertThat(TestGit.tryGit(lane, "fetch", "--quiet", "origin", "+refs/heads/main:refs/remotes/origin/main").exit)
                .as("git alone fails while the worktree is being added").isNotZero();

        Thread checkoutEnds = new Thread(() -> {
            try {
                Thread.sleep(700);
                Files.writeString(head, whole);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        checkoutEnds.start();
        git.fetch("origin", "main", "refs/remotes/origin/main");
        checkoutEnds.join();
        assertThat(added).isDirectory();

        Files.writeString(head, "0".repeat(40) + "\n");
        assertThatThrownBy(() -> git.fetch("origin", "main", "refs/remotes/origin/main"))
                .isInstanceOf(LandException.class).hasMessageStartingWith("git fetch failed: the worktree being-added of this repository")
                .hasMessageContaining("git worktree repair");
    }

    @Test
    void statusNamesARenameOnceAndTellsUntrackedFilesApart() throws Exception {
        git(lane, "mv", "README.md", "READ ME.md");
        Files.writeString(lane.resolve("new.txt"), "untracked\n");

        List<GitFiles.Change> changes = git.files().changes();

        assertThat(changes).extracting(GitFiles.Change::path).containsExactlyInAnyOrder("READ ME.md", "new.txt");
        assertThat(changes.stream().filter(GitFiles.Change::untracked).map(GitFiles.Change::path).collect(Collectors.toList()))
                .containsExactly("new.txt");
        assertThat(git.files().trackedChanges()).containsExactly("READ ME.md");
        assertThat(git.files().changes(List.of("new.txt"))).extracting(GitFiles.Change::path).containsExactly("new.txt");
    }

    @Test
    void divergenceCountsTheCommitsEachSideHasAndIsEmptyForAMissingRef() throws Exception {
        commit(lane, "a.txt", "a\n", "a");
        commit(lane, "b.txt", "b\n", "b");
        commit(repo.main, "m.txt", "m\n", "m");
        git(repo.main, "push", "--quiet", "origin", "main");
        git.fetch(RemoteBranch.of("origin", "main"));

        GitRefs.Divergence apart = git.refs().divergence("refs/remotes/origin/main", "HEAD").orElseThrow();

        assertThat(apart.ahead()).isEqualTo(2);
        assertThat(apart.behind()).isEqualTo(1);
        assertThat(git.refs().divergence("refs/remotes/origin/nowhere", "HEAD")).isEmpty();
    }

    @Test
    void worktreesRemotesAndBranchesAreReadAsGitListsThem() throws Exception {
        List<GitWorktrees.Worktree> worktrees = git.worktrees().list();
        assertThat(worktrees.get(0).branch()).as("the main checkout first").contains("main");
        assertThat(worktrees).extracting(w -> w.branch().orElse("")).contains("lane");

        assertThat(git.remotes().has("origin")).isTrue();
        assertThat(git.remotes().has("upstream")).isFalse();
        assertThat(git.remotes().names()).containsExactly("origin");
        assertThat(git.remotes().hasBranch(RemoteBranch.of("origin", "main"))).isTrue();
        assertThat(git.remotes().hasBranch(RemoteBranch.of("origin", "release"))).isFalse();

        git(lane, "branch", "done");
        assertThat(git.refs().hasBranch("done")).isTrue();
        assertThat(git.refs().deleteMergedBranch("done").ok()).isTrue();
        assertThat(git.refs().hasBranch("done")).isFalse();
    }

    /**
     * A forced remove takes turns with adds and prunes (the worktrees lock): one that read an entry an
     * add beside it had half made failed and left the scratch worktree of a check side by side.
     */
    @Test
    void aForcedRemoveWaitsWhileAnotherOfOursAddsOrPrunes() throws Exception {
        Path scratch = tmp.resolve("scratch");
        assertThat(git.worktrees().addDetached(scratch).ok()).isTrue();
        Path lockFile = StateEntry.WORKTREES_LOCK.of(RepoContext.commonDir(lane));
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch letGo = new CountDownLatch(1);
        Thread adder = new Thread(() -> LockFileMutex.whileHeldIfPossible(lockFile, () -> {
            held.countDown();
            try {
                letGo.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return null;
        }));
        adder.start();
        held.await();
        Thread remover = new Thread(() -> git.worktrees().removeForced(scratch));
        remover.start();
        while (remover.getState() != Thread.State.BLOCKED && remover.isAlive()) {
            Thread.sleep(5); // until it waits for the lock (or, on the old code, has removed without it)
        }
        assertThat(scratch).as("not removed while another of ours holds the worktrees").exists();
        letGo.countDown();
        remover.join();
        adder.join();
        assertThat(scratch).doesNotExist();
    }
}

package dev.queuelock.land.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.queuelock.land.git.Git;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.GitFixture;
import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A batch's scratch worktree: claimed while in use, then removed and released - and what a killed
 * leader leaves behind is removed by the next leader, never what a live one holds.
 */
class ScratchWorktreesTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    private GitFixture repo;
    private Path state;
    private ScratchWorktrees scratch;

    @BeforeEach
    void setUp() throws IOException {
        repo = new GitFixture(Files.createDirectories(tmp.resolve("repo")));
        state = tmp.resolve("state");
        scratch = new ScratchWorktrees(new Git(repo.main), state);
    }

    @Test
    void theWorktreeIsClaimedWhileInUseThenRemovedAndReleased() throws Exception {
        Path used = scratch.with(worktree -> {
            Path dir = worktree.worktree();
            assertThat(dir.resolve(".git")).exists();
            List<Claim> claims = claims();
            assertThat(claims).singleElement().satisfies(c -> {
                assertThat(c.pid()).isEqualTo(ProcessHandle.current().pid());
                assertThat(c.start()).isPresent();
                assertThat(c.resource()).hasValue(dir.toString());
            });
            return dir;
        });

        assertThat(used).doesNotExist();
        assertThat(used.getParent()).isEqualTo(state.resolve("scratch").toAbsolutePath());
        assertThat(claims()).isEmpty();
        assertThat(GitFixture.git(repo.main, "worktree", "list")).doesNotContain(used.toString());
    }

    @Test
    void theWorktreeIsRemovedAndReleasedWhenTheWorkThrows() throws Exception {
        Path[] seen = new Path[1];

        assertThatThrownBy(() -> scratch.with(worktree -> {
            seen[0] = worktree.worktree();
            throw new IllegalStateException("checks crashed");
        })).isInstanceOf(IllegalStateException.class).hasMessage("checks crashed");

        assertThat(seen[0]).doesNotExist();
        assertThat(claims()).isEmpty();
    }

    @Test
    @Timeout(90)
    void theWorktreeOfAKilledLeaderIsRemovedByTheNextOne() throws Exception {
        ChildProcess leader = startLeader("dead");
        Path orphan = awaitReady(leader);

        leader.kill9(); // no finally, no shutdown hook
        assertThat(orphan).exists();
        assertThat(scratch.registry().orphans()).singleElement().satisfies(c -> assertThat(c.pid()).isEqualTo(leader.pid()));

        scratch.with(worktree -> {
            assertThat(orphan).doesNotExist();
            assertThat(claims()).singleElement().satisfies(c -> assertThat(c.pid()).isEqualTo(ProcessHandle.current().pid()));
            return null;
        });
        assertThat(claims()).isEmpty();
        assertThat(GitFixture.git(repo.main, "worktree", "list")).doesNotContain(orphan.toString());
    }

    @Test
    @Timeout(90)
    void aLiveLeadersWorktreeIsNeverTouched() throws Exception {
        ChildProcess leader = startLeader("live");
        Path live = awaitReady(leader);
        Files.writeString(live.resolve("in-use.txt"), "x");

        scratch.with(worktree -> {
            assertThat(claims()).hasSize(2);
            return null;
        });
        assertThat(scratch.removeOrphans()).isZero();

        assertThat(live.resolve("in-use.txt")).hasContent("x");
        assertThat(claims()).singleElement().satisfies(c -> assertThat(c.pid()).isEqualTo(leader.pid()));
        assertThat(leader.isAlive()).isTrue();
    }

    @Test
    void aClaimPointingOutsideTheScratchDirectoryIsRefusedAndNothingIsRemoved() throws Exception {
        Path victim = Files.createDirectory(tmp.resolve("precious"));
        Files.writeString(victim.resolve("keep.txt"), "x");
        scratch.registry().record(new Claim("1-999999999-1", 999_999_999L, null, 1, victim.toString()));

        assertThatThrownBy(() -> scratch.with(worktree -> null))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("refusing to remove " + victim)
                .hasMessageContaining("delete " + scratch.registry().fileOf("1-999999999-1"));
        assertThat(victim.resolve("keep.txt")).exists();
    }

    @Test
    void garbageAndForeignFilesInTheClaimsAreLeftAlone() throws Exception {
        Path claims = scratch.registry().directory();
        Files.writeString(claims.resolve("1-999999999-1.json"), "{\"id\":");
        Files.writeString(claims.resolve("notes.txt"), "hello");

        assertThat(claims()).isEmpty();
        scratch.with(worktree -> null);
        assertThat(claims.resolve("1-999999999-1.json")).exists();
        assertThat(claims.resolve("notes.txt")).exists();
    }

    @Test
    void aClaimsDirectoryThatIsASymlinkIsRefused() throws Exception {
        Path real = Files.createDirectory(tmp.resolve("real"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), real);

        assertThatThrownBy(() -> ClaimRegistry.at(link)).isInstanceOf(dev.queuelock.QueueLockException.class)
                .hasMessageContaining("refusing " + link);
    }

    private List<Claim> claims() {
        try {
            return scratch.registry().claims();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ChildProcess startLeader(String name) {
        return children.jvm(ScratchClaimer.class, repo.main.toString(), state.toString())
                .in(tmp).tmpDir(tmp).outputTo(tmp.resolve(name)).start();
    }

    private static Path awaitReady(ChildProcess leader) {
        await().atMost(Timing.forChildToStart()).until(() -> !leader.isAlive() || leader.stdout().contains("\n"));
        String line = leader.stdout().trim();
        assertThat(line).as("leader output; stderr: %s", leader.stderr()).startsWith("READY ");
        return Path.of(line.substring("READY ".length()));
    }
}

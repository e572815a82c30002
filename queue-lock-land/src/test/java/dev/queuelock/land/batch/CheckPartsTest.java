package dev.queuelock.land.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.queuelock.land.git.Git;
import dev.queuelock.build.localrepo.LocalRepositoryParts;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.GitFixture;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The parts of the local repository that checks side by side install into: claimed, removed, and a dead lander's reaped. */
class CheckPartsTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    GitFixture repo;
    Path common;
    Path checks;

    @BeforeEach
    void setUp() throws IOException {
        repo = new GitFixture(Files.createDirectories(tmp.resolve("repo")));
        common = repo.main.resolve(".git").toRealPath();
        checks = LocalRepositoryParts.of(common.toString()).checksIn(tmp.resolve("m2/repository")).resolve("lane-1");
    }

    @Test
    void aPartIsClaimedWhileItsCheckRunsThenRemovedAndReleased() throws Exception {
        CheckParts parts = CheckParts.of(common);
        Path part = checks.resolve("speculative-2-20261206-184000-001");
        parts.with(part, () -> {
            assertThat(parts.registry().claims()).singleElement()
                    .satisfies(c -> assertThat(c.resource()).hasValue(part.toAbsolutePath().toString()));
            return null;
        });
        assertThat(part).doesNotExist();
        assertThat(parts.registry().claims()).isEmpty();
    }

    @Test
    @Timeout(120)
    void theNextLeadersCleanUpRemovesTheKilledLandersPartsAndNoLiveOnes() throws Exception {
        Path deadPart = checks.resolve("speculative-2-dead");
        Path livePart = checks.resolve("speculative-3-live");
        ChildProcess dead = children.jvm(PartClaimer.class, common.toString(), deadPart.toString()).log(tmp.resolve("dead.log")).start();
        ChildProcess live = children.jvm(PartClaimer.class, common.toString(), livePart.toString()).log(tmp.resolve("live.log")).start();
        await().atMost(Duration.ofSeconds(60)).until(() -> dead.stdout().contains("READY") && live.stdout().contains("READY"));

        dead.kill9(); // no finally, no shutdown hook
        assertThat(dead.awaitExit(Duration.ofSeconds(30))).isNotZero();
        assertThat(deadPart.resolve("dev/shop/1.0/shop-1.0.jar")).exists();

        // The next leader's clean-up, as every check's scratch worktree starts with it.
        new ScratchWorktrees(new Git(repo.main), tmp.resolve("state")).with(scratch -> null);

        assertThat(deadPart).as("the killed lander's part").doesNotExist();
        assertThat(livePart.resolve("dev/shop/1.0/shop-1.0.jar")).as("a live lander's part").hasContent("installed");
        assertThat(CheckParts.of(common).registry().claims()).singleElement().satisfies(c -> assertThat(c.pid()).isEqualTo(live.pid()));
        assertThat(live.isAlive()).isTrue();
    }

    @Test
    void aClaimPointingAnywhereButACheckPartIsRefusedAndNothingIsRemoved() throws Exception {
        Path victim = Files.createDirectories(tmp.resolve("precious"));
        Files.writeString(victim.resolve("keep.txt"), "x");
        CheckParts parts = CheckParts.of(common);
        parts.registry().record(new Claim("1-999999999-1", 999_999_999L, null, 1, victim.toString()));

        assertThatThrownBy(parts::removeOrphans).hasMessageContaining("refusing to remove " + victim);
        assertThat(victim.resolve("keep.txt")).hasContent("x");
    }

    @Test
    void aPartOfALayoutTheUserChoseIsNotClaimedButStillRemovedWhenItsCheckEnds() throws Exception {
        CheckParts parts = CheckParts.of(common);
        Path elsewhere = Files.createDirectories(tmp.resolve("m2/repository/mine/speculative-2"));
        parts.with(elsewhere, () -> {
            assertThat(parts.registry().claims()).isEmpty();
            return null;
        });
        assertThat(elsewhere).doesNotExist();
    }
}

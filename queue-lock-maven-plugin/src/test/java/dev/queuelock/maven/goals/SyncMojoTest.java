package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Path;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.junit.jupiter.api.Test;

class SyncMojoTest extends HarnessTest {


    @Test
    @InjectMojo(goal = "sync")
    void portBaseThatIsNoNumberIsRefused(SyncMojo mojo) throws Exception {
        given("queuelock.lanes.portBase", "abc");
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "sync")
    void autoLandMustBeTrueOrFalse(SyncMojo mojo) throws Exception {
        given("queuelock.lanes.autoLand", "maybe");
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "sync")
    void orphanGraceMustBeADuration(SyncMojo mojo) throws Exception {
        given("queuelock.lanes.orphanGrace", "soon");
        assertRefused(mojo, BAD_ORPHAN_GRACE);
    }

    @Test
    @InjectMojo(goal = "sync")
    void outsideGitItSaysSo(SyncMojo mojo) throws Exception {
        assertRefused(mojo, top + " is not in a git repository; run this inside one.");
    }

    @Test
    @InjectMojo(goal = "sync")
    void theMainCheckoutIsFastForwardedToTheRemote(SyncMojo mojo) throws Exception {
        GitFixture repo = repository();
        Path lane = repo.lane("main-lane-1");
        GitFixture.commit(lane, "landed.txt", "landed\n", "landed elsewhere");
        GitFixture.git(lane, "push", "--quiet", "origin", "HEAD:main");

        mojo.execute();

        assertThat(GitFixture.git(repo.main, "rev-parse", "HEAD")).isEqualTo(repo.remoteHead());
        assertThat(repo.main.resolve("landed.txt")).hasContent("landed");
    }
}

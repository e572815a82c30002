package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.api.plugin.testing.MojoParameter;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class SyncMojoTest extends HarnessTest {

    @TestFactory
    @InjectMojo(goal = "sync")
    Stream<DynamicTest> parametersDefaultToTheDocumentedValues(SyncMojo mojo) throws Exception {
        return defaultsAreTheDocumented("sync", mojo);
    }

    @Test
    @InjectMojo(goal = "sync")
    @MojoParameter(name = "portBase", value = "abc")
    void portBaseThatIsNoNumberIsRefused(SyncMojo mojo) throws Exception {
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "sync")
    @MojoParameter(name = "autoLand", value = "maybe")
    void autoLandMustBeTrueOrFalse(SyncMojo mojo) throws Exception {
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "sync")
    @MojoParameter(name = "orphanGrace", value = "soon")
    void orphanGraceMustBeADuration(SyncMojo mojo) throws Exception {
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

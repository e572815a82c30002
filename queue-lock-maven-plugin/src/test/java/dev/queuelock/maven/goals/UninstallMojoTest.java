package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.GitFixture;
import java.util.stream.Stream;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.api.plugin.testing.MojoParameter;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class UninstallMojoTest extends HarnessTest {

    @TestFactory
    @InjectMojo(goal = "uninstall")
    Stream<DynamicTest> parametersDefaultToTheDocumentedValues(UninstallMojo mojo) throws Exception {
        return defaultsAreTheDocumented("uninstall", mojo);
    }

    @Test
    @InjectMojo(goal = "uninstall")
    @MojoParameter(name = "portBase", value = "abc")
    void portBaseThatIsNoNumberIsRefused(UninstallMojo mojo) throws Exception {
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "uninstall")
    @MojoParameter(name = "autoLand", value = "maybe")
    void autoLandMustBeTrueOrFalse(UninstallMojo mojo) throws Exception {
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "uninstall")
    @MojoParameter(name = "orphanGrace", value = "soon")
    void orphanGraceMustBeADuration(UninstallMojo mojo) throws Exception {
        assertRefused(mojo, BAD_ORPHAN_GRACE);
    }

    @Test
    @InjectMojo(goal = "uninstall")
    void outsideGitItSaysSoAndTouchesNothing(UninstallMojo mojo) throws Exception {
        assertRefused(mojo, top + " is not in a git repository; run this inside one.");
    }

    @Test
    @InjectMojo(goal = "uninstall")
    void withoutInitItWarnsAndLeavesTheRepositoryAsItWas(UninstallMojo mojo) throws Exception {
        GitFixture repo = repository();
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);
        mojo.execute();
        assertThat(log.lines).anyMatch(l -> l.startsWith("no record of init in "));
        assertThat(GitFixture.git(repo.main, "status", "--porcelain", "--ignored")).isEmpty();
    }
}

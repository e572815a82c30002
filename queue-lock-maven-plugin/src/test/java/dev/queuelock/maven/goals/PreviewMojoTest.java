package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.testsupport.GitFixture;
import java.util.stream.Stream;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.api.plugin.testing.MojoParameter;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class PreviewMojoTest extends HarnessTest {

    @TestFactory
    @InjectMojo(goal = "preview")
    Stream<DynamicTest> parametersDefaultToTheDocumentedValues(PreviewMojo mojo) throws Exception {
        return defaultsAreTheDocumented("preview", mojo);
    }

    @Test
    @InjectMojo(goal = "preview")
    @MojoParameter(name = "restore", value = "maybe")
    void restoreMustBeTrueOrFalse(PreviewMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.restore must be true or false, not 'maybe'");
    }

    @Test
    @InjectMojo(goal = "preview")
    @MojoParameter(name = "portBase", value = "abc")
    void portBaseThatIsNoNumberIsRefused(PreviewMojo mojo) throws Exception {
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "preview")
    @MojoParameter(name = "autoLand", value = "maybe")
    void autoLandMustBeTrueOrFalse(PreviewMojo mojo) throws Exception {
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "preview")
    @MojoParameter(name = "orphanGrace", value = "soon")
    void orphanGraceMustBeADuration(PreviewMojo mojo) throws Exception {
        assertRefused(mojo, BAD_ORPHAN_GRACE);
    }

    @Test
    @InjectMojo(goal = "preview")
    @MojoParameter(name = "restore", value = "maybe")
    @MojoParameter(name = "symlinks", value = "/etc/passwd")
    void everyProblemIsListedAtOnce(PreviewMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.restore must be true or false, not 'maybe'; queuelock.symlinks entries must be paths"
                + " inside the repository (not absolute, no .., not .git), not '/etc/passwd'");
    }

    @Test
    @InjectMojo(goal = "preview")
    void outsideGitItSaysSo(PreviewMojo mojo) throws Exception {
        assertRefused(mojo, top + " is not in a git repository; run this inside one.");
    }

    @Test
    @InjectMojo(goal = "preview")
    void fromTheMainCheckoutItRefuses(PreviewMojo mojo) throws Exception {
        GitFixture repo = repository();
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class)
                .hasMessageStartingWith("preview runs from a lane's worktree");
        assertThat(GitFixture.git(repo.main, "status", "--porcelain")).isEmpty();
    }

    @Test
    @InjectMojo(goal = "preview")
    @MojoParameter(name = "restore", value = "true")
    void restoreWithNothingShownSaysSoAndChangesNothing(PreviewMojo mojo) throws Exception {
        GitFixture repo = repository();
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);
        mojo.execute();
        assertThat(log.lines).anyMatch(l -> l.startsWith("no preview is shown in ") && l.endsWith("; nothing to restore."));
        assertThat(GitFixture.git(repo.main, "status", "--porcelain", "--ignored")).isEmpty();
        assertThat(repo.main.resolve(".git/queuelock")).doesNotExist();
    }
}

package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.testsupport.GitFixture;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.Test;

class PreviewMojoTest extends HarnessTest {


    @Test
    @InjectMojo(goal = "preview")
    void restoreMustBeTrueOrFalse(PreviewMojo mojo) throws Exception {
        given("queuelock.preview.restore", "maybe");
        assertRefused(mojo, "queuelock.preview.restore must be true or false, not 'maybe'");
    }

    @Test
    @InjectMojo(goal = "preview")
    void portBaseThatIsNoNumberIsRefused(PreviewMojo mojo) throws Exception {
        given("queuelock.lanes.portBase", "abc");
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "preview")
    void autoLandMustBeTrueOrFalse(PreviewMojo mojo) throws Exception {
        given("queuelock.lanes.autoLand", "maybe");
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "preview")
    void orphanGraceMustBeADuration(PreviewMojo mojo) throws Exception {
        given("queuelock.lanes.orphanGrace", "soon");
        assertRefused(mojo, BAD_ORPHAN_GRACE);
    }

    @Test
    @InjectMojo(goal = "preview")
    void everyProblemIsListedAtOnce(PreviewMojo mojo) throws Exception {
        given("queuelock.preview.restore", "maybe");
        given("queuelock.lanes.symlinks", "/etc/passwd");
        assertRefused(mojo, "queuelock.preview.restore must be true or false, not 'maybe'; queuelock.lanes.symlinks entries must be paths"
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
    void restoreWithNothingShownSaysSoAndChangesNothing(PreviewMojo mojo) throws Exception {
        given("queuelock.preview.restore", "true");
        GitFixture repo = repository();
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);
        mojo.execute();
        assertThat(log.lines).anyMatch(l -> l.startsWith("no preview is shown in ") && l.endsWith("; nothing to restore."));
        assertThat(GitFixture.git(repo.main, "status", "--porcelain", "--ignored")).isEmpty();
        assertThat(repo.main.resolve(".git/queuelock")).doesNotExist();
    }
}

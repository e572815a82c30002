package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.Test;

class InitMojoTest extends HarnessTest {


    @Test
    @InjectMojo(goal = "init")
    void outsideGitItRefusesBeforeWritingAnything(InitMojo mojo) throws Exception {
        assertThatThrownBy(mojo::execute).isInstanceOf(MojoExecutionException.class).hasMessageContaining("git");
        assertThat(top.resolve(".mvn")).doesNotExist();
    }

    @Test
    @InjectMojo(goal = "init")
    void inAGitRepositoryItListsTheExtensionAndInstallsTheGuard(InitMojo mojo) throws Exception {
        GitFixture repo = repository();

        mojo.execute();

        String extensions = Files.readString(repo.main.resolve(".mvn/extensions.xml"));
        assertThat(extensions).contains("<groupId>dev.queuelock</groupId>", "<artifactId>" + InitMojo.EXTENSION_ARTIFACT_ID + "</artifactId>");
        Path hooks = Path.of(GitFixture.git(repo.main, "rev-parse", "--path-format=absolute", "--git-path", "hooks"));
        assertThat(hooks.resolve("pre-push")).isExecutable();
    }
    @Test
    @InjectMojo(goal = "init")
    void itSaysHowToPublishTheSetUp(InitMojo mojo) throws Exception {
        repository();
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);

        mojo.execute();

        assertThat(log.lines).anyMatch(l -> l.startsWith("next: publish the set-up straight to main")
                && l.endsWith(" && git commit -m 'Build queue and landing with queue-lock' && git push origin HEAD:main"));
    }

    /** Without the remote, {@code git push origin} fails: the next step is to add it. */
    @Test
    @InjectMojo(goal = "init")
    void withoutARemoteItSaysToAddOneBeforePushing(InitMojo mojo) throws Exception {
        GitFixture repo = repository();
        GitFixture.git(repo.main, "remote", "remove", "origin");
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);

        mojo.execute();

        assertThat(log.lines).anyMatch(l -> l.startsWith("next: publish the set-up straight to main")
                && l.endsWith(" && git commit -m 'Build queue and landing with queue-lock', then add the remote this repository"
                        + " has not got yet (git remote add origin <url>), and git push origin HEAD:main"));
    }

    @Test
    @InjectMojo(goal = "init")
    void portBaseThatIsNoNumberIsRefused(InitMojo mojo) throws Exception {
        given("queuelock.lanes.portBase", "abc");
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "init")
    void autoLandMustBeTrueOrFalse(InitMojo mojo) throws Exception {
        given("queuelock.lanes.autoLand", "maybe");
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "init")
    void orphanGraceMustBeADuration(InitMojo mojo) throws Exception {
        given("queuelock.lanes.orphanGrace", "soon");
        assertRefused(mojo, BAD_ORPHAN_GRACE);
    }

    @Test
    @InjectMojo(goal = "init")
    void scopeMustBeRepositoryOrUser(InitMojo mojo) throws Exception {
        given("queuelock.init.scope", "everyone");
        assertRefused(mojo, "queuelock.init.scope must be repository or user, not 'everyone'");
    }
}

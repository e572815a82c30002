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

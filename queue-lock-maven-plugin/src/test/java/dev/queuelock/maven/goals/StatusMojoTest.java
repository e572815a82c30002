package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.json.StatusJson;
import java.io.File;
import java.util.stream.Stream;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.api.plugin.testing.MojoExtension;
import org.apache.maven.api.plugin.testing.MojoParameter;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class StatusMojoTest extends HarnessTest {

    @TestFactory
    @InjectMojo(goal = "status")
    Stream<DynamicTest> parametersDefaultToTheDocumentedValues(StatusMojo mojo) throws Exception {
        return defaultsAreTheDocumented("status", mojo);
    }

    @Test
    @InjectMojo(goal = "status")
    void theDirectoryIsTheTopDirectoryOfTheInvocationByDefault(StatusMojo mojo) throws Exception {
        assertThat(MojoExtension.<File>getVariableValueFromObject(mojo, "directory"))
                .isEqualTo(top.toFile());
    }

    @Test
    @InjectMojo(goal = "status")
    @MojoParameter(name = "json", value = "maybe")
    void jsonMustBeTrueOrFalse(StatusMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.json must be true or false, not 'maybe'");
    }

    @Test
    @InjectMojo(goal = "status")
    @MojoParameter(name = "buildScope", value = "galaxy")
    void buildScopeMustBeRepoOrMachine(StatusMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.build.scope must be repo or machine, not 'galaxy'");
    }

    @Test
    @InjectMojo(goal = "status")
    @MojoParameter(name = "directory", value = "/nonexistent/queue-lock")
    void aMissingDirectoryIsNamedAsMissing(StatusMojo mojo) {
        assertThatThrownBy(mojo::execute)
                .isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("/nonexistent/queue-lock")
                .hasMessageContaining("no such directory")
                .hasMessageNotContaining("git");
    }

    @Test
    @InjectMojo(goal = "status")
    @MojoParameter(name = "json", value = "true")
    @MojoParameter(name = "output", value = "${session.request.multiModuleProjectDirectory}/status.json")
    void jsonGoesToTheOutputFileInTheOneSchema(StatusMojo mojo) throws Exception {
        mojo.execute();
        JsonNode doc = new ObjectMapper().readTree(top.resolve("status.json").toFile());
        assertThat(doc.get("version").asInt()).isEqualTo(StatusJson.VERSION);
        assertThat(doc.at("/queues/build/scope").asText()).isEqualTo("repo");
        assertThat(doc.at("/queues/build/holder").isNull()).isTrue();
        assertThat(doc.at("/queues/land/waiters")).isEmpty();
        assertThat(doc.at("/landings/runs").asInt()).isZero();
    }

    @Test
    @InjectMojo(goal = "status")
    void linesNameBothQueues(StatusMojo mojo) throws Exception {
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);
        mojo.execute();
        assertThat(log.lines).anyMatch(l -> l.startsWith("build queue (repo scope): "))
                .anyMatch(l -> l.startsWith("land queue (repo scope): "));
    }
    @Test
    @InjectMojo(goal = "status")
    @MojoParameter(name = "portBase", value = "abc")
    void portBaseThatIsNoNumberIsRefused(StatusMojo mojo) throws Exception {
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "status")
    @MojoParameter(name = "autoLand", value = "maybe")
    void autoLandMustBeTrueOrFalse(StatusMojo mojo) throws Exception {
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "status")
    @MojoParameter(name = "json", value = "maybe")
    @MojoParameter(name = "worktreeSuffix", value = "lanes/")
    void everyProblemIsListedAtOnce(StatusMojo mojo) throws Exception {
        assertRefused(mojo, "queuelock.json must be true or false, not 'maybe'; " + BAD_WORKTREE_SUFFIX);
    }
}

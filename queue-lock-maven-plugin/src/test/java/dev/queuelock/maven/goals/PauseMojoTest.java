package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.land.base.QueuePause;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.junit.jupiter.api.Test;

class PauseMojoTest extends HarnessTest {

    @Test
    @InjectMojo(goal = "pause")
    void aPauseWithoutAReasonIsRefused(PauseMojo mojo) throws Exception {
        assertRefused(mojo, "say why the land queue is paused: mvn queuelock:pause -Dqueuelock.pause.reason=\"<reason>\"");
    }

    @Test
    @InjectMojo(goal = "pause")
    void outsideGitItSaysSo(PauseMojo mojo) throws Exception {
        given("queuelock.pause.reason", "main is broken");
        assertRefused(mojo, top + " is not in a git repository; run this inside one.");
    }

    @Test
    @InjectMojo(goal = "pause")
    void thePauseIsKeptInTheStateFolderWithWhoAndWhyAndNotified(PauseMojo mojo) throws Exception {
        GitFixture repo = repository();
        Path events = top.resolve("events.json");
        given("queuelock.pause.reason", "main is broken");
        given("queuelock.notify", "sh,-c,cat > '" + events + "'");

        mojo.execute();

        QueuePause pause = QueuePause.of(RepoContext.stateDir(repo.main.resolve(".git"))).orElseThrow();
        assertThat(pause.reason).isEqualTo("main is broken");
        assertThat(pause.by).isEqualTo(System.getProperty("user.name") + " in " + repo.main.getFileName());
        JsonNode event = new ObjectMapper().readTree(Files.readString(events));
        assertThat(event.path("event").asText()).isEqualTo("paused");
        assertThat(event.path("reason").asText()).isEqualTo("main is broken");
        assertThat(event.path("by").asText()).isEqualTo(pause.by);
    }
}

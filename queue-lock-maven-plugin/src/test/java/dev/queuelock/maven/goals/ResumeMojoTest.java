package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.land.base.QueuePause;
import dev.queuelock.land.base.StateEntry;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.junit.jupiter.api.Test;

class ResumeMojoTest extends HarnessTest {

    @Test
    @InjectMojo(goal = "resume")
    void outsideGitItSaysSo(ResumeMojo mojo) throws Exception {
        assertRefused(mojo, top + " is not in a git repository; run this inside one.");
    }

    @Test
    @InjectMojo(goal = "resume")
    void resumeLiftsThePauseAndNotifies(ResumeMojo mojo) throws Exception {
        GitFixture repo = repository();
        Path state = RepoContext.stateDir(repo.main.resolve(".git"));
        new QueuePause("alice in shop-lane-2", "main is broken", System.currentTimeMillis()).write(state);
        Path events = top.resolve("events.json");
        given("queuelock.notify", "sh,-c,cat > '" + events + "'");

        mojo.execute();

        assertThat(StateEntry.PAUSE.in(state)).doesNotExist();
        JsonNode event = new ObjectMapper().readTree(Files.readString(events));
        assertThat(event.path("event").asText()).isEqualTo("resumed");
        assertThat(event.path("reason").asText()).isEqualTo("paused by alice in shop-lane-2: main is broken");
    }

    @Test
    @InjectMojo(goal = "resume")
    void resumingARunningQueueChangesNothing(ResumeMojo mojo) throws Exception {
        GitFixture repo = repository();
        mojo.execute();
        assertThat(StateEntry.PAUSE.of(repo.main.resolve(".git"))).doesNotExist();
    }
}

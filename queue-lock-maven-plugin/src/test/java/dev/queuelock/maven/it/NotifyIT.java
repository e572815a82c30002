package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.testsupport.Timing;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code queuelock.notify}: a script is given each landing's end as one JSON object on its standard input; one that fails changes nothing. */
class NotifyIT {

    private static final Duration LAND = Timing.forMaven();

    @TempDir
    Path work;

    LandingRepo repo;

    @BeforeEach
    void repo() throws Exception {
        repo = LandingRepo.create(work, "main", true);
    }

    @AfterEach
    void stop() {
        repo.close();
    }

    @Test
    @Timeout(400)
    void aNotifyScriptHearsOfALandingAndOfARefusalWithItsFailingTest() throws Exception {
        Path events = work.resolve("events.jsonl");
        Path notify = CheckScripts.write(work, "notify.sh", "cat >> '" + events + "'\necho >> '" + events + "'\n");
        Path failingTest = CheckScripts.failingTest(work);
        Path landed = repo.lane("main-lane-1", "a.txt", "main");
        Path refused = repo.lane("main-lane-2", "b.txt", "main");

        MavenRun land = repo.mvn(landed, "land-1", "queuelock:land", "-Dqueuelock.land.checkCommand=true", "-Dqueuelock.notify=" + notify);
        assertThat(land.awaitExit(LAND)).as(land.log()).isZero();
        MavenRun fail = repo.mvn(refused, "land-2", "queuelock:land", "-Dqueuelock.land.checkCommand=sh," + failingTest,
                "-Dqueuelock.notify=" + notify);
        assertThat(fail.awaitExit(LAND)).as(fail.log()).isNotZero();

        List<JsonNode> got = read(events);
        assertThat(got).hasSize(2);
        JsonNode first = got.get(0);
        assertThat(first.path("hook_event_name").asText()).isEqualTo("queuelock");
        assertThat(first.path("event").asText()).isEqualTo("landed");
        assertThat(first.path("lane").asText()).isEqualTo("main-lane-1");
        assertThat(first.path("branch").asText()).isEqualTo("main-lane-1");
        assertThat(first.path("commit").asText()).isEqualTo(LandingRepo.git(repo.origin, "rev-parse", "main"));
        JsonNode second = got.get(1);
        assertThat(second.path("event").asText()).isEqualTo("refused");
        assertThat(second.path("lane").asText()).isEqualTo("main-lane-2");
        assertThat(second.path("outcome").asText()).isEqualTo("check-failed");
        assertThat(second.path("reason").asText()).startsWith("checks failed on the rebased commit");
        assertThat(second.path("test").asText()).isEqualTo("GreetingTest.greetsTheWorld");
    }

    @Test
    @Timeout(300)
    void aFailingNotifyCommandIsReportedAndTheLaneLandsAnyway() throws Exception {
        Path lane = repo.lane("main-lane-1", "a.txt", "main");

        MavenRun land = repo.mvn(lane, "land-1", "queuelock:land", "-Dqueuelock.land.checkCommand=true", "-Dqueuelock.notify=false");

        assertThat(land.awaitExit(LAND)).as(land.log()).isZero();
        assertThat(land.log()).contains("[WARNING] notify: false exited with 1");
        assertThat(repo.remoteSubjects("main")).startsWith("main-lane-1 work");
    }

    private static List<JsonNode> read(Path events) throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> nodes = new ArrayList<>();
        for (String line : Files.readAllLines(events, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                nodes.add(json.readTree(line));
            }
        }
        return nodes;
    }
}

package dev.queuelock.maven.it;

import static dev.queuelock.testsupport.TestGit.git;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.repository.ports.PortRegistry;
import dev.queuelock.testsupport.Timing;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A lane made by hand ({@code git worktree add}, neither {@code queuelock:lane} nor the hook): its first
 * build gives it the files {@code .worktreeinclude} names that it lacks, never over one it has, saying
 * which in one line, once; status (text and JSON) shows its named ports as the register holds them,
 * and shows none before a build asked for them: a status never gives a port.
 */
class HandMadeLaneIT {

    private static final Duration MVN = Timing.forMaven();
    private static final String SETTINGS = "-Dqueuelock.lanes.ports=http,db,debug\n-Dqueuelock.lanes.namedPortBase=24300\n"
            + "-Dqueuelock.lanes.portBase=9300\n";
    private static final String COPIED = "copied into this lane from the main checkout (.worktreeinclude), which it lacked: ";

    @TempDir
    Path work;

    LandingRepo repo;
    Path main;

    @BeforeEach
    void repoWithRemote() throws Exception {
        repo = LandingRepo.create(work, "shop", "main", true);
        main = repo.main;
        Files.writeString(main.resolve("pom.xml"), TestPoms.text("ports.xml"), StandardCharsets.UTF_8);
        Files.writeString(main.resolve(".gitignore"), "target/\n.env\nlocal.properties\n", StandardCharsets.UTF_8);
        Files.writeString(main.resolve(".worktreeinclude"), ".env\nlocal.properties\n", StandardCharsets.UTF_8);
        Files.writeString(main.resolve(".mvn/maven.config"), SETTINGS + "-Dmaven.repo.local=" + MavenRun.IT_REPO + "\n",
                StandardCharsets.UTF_8);
        repo.commitAndPush("ports pom, local files");
        Files.writeString(main.resolve(".env"), "TOKEN=main's\n", StandardCharsets.UTF_8);
        Files.writeString(main.resolve("local.properties"), "db=main's\n", StandardCharsets.UTF_8);
    }

    @AfterEach
    void stop() {
        repo.close();
    }

    @Test
    @Timeout(600)
    void itsFirstBuildGivesItTheMissingFilesOnceAndStatusShowsItsNamedPortsWithoutGivingAny() throws Exception {
        Path lane = main.resolveSibling("shop-lane-3");
        git(main, "worktree", "add", "-q", "-b", "lane/3", lane.toString());
        Files.writeString(lane.resolve("local.properties"), "db=the lane's own\n", StandardCharsets.UTF_8);
        PortRegistry registry = PortRegistry.in(repo.tmp());

        MavenRun before = ok(repo.mvn(main, "status-before", "queuelock:status"));
        assertThat(before.log()).containsPattern("lane 3  lane/3 .*  port 9303(?! http=)");
        assertThat(registry.held(lane)).as("status gives no port").isEmpty();

        MavenRun first = ok(repo.mvn(lane, "build-1", "validate"));
        assertThat(first.log()).as("said once, in one line, what it copied").contains(COPIED + ".env\n");
        assertThat(lane.resolve(".env")).hasContent("TOKEN=main's");
        assertThat(lane.resolve("local.properties")).as("never over a file the lane has").hasContent("db=the lane's own");
        Map<String, Integer> ports = registry.held(lane);
        assertThat(ports.keySet()).containsExactly("http", "db", "debug");

        Files.delete(lane.resolve(".env"));
        MavenRun second = ok(repo.mvn(lane, "build-2", "validate"));
        assertThat(second.log()).as("once per lane: a file deleted later is the user's choice").doesNotContain(COPIED);
        assertThat(lane.resolve(".env")).doesNotExist();

        String named = "http=" + ports.get("http") + " db=" + ports.get("db") + " debug=" + ports.get("debug");
        MavenRun status = ok(repo.mvn(main, "status", "queuelock:status"));
        assertThat(status.log()).contains("  port 9303 " + named);
        MavenRun json = ok(repo.mvn(main, "status-json", "-q", "queuelock:status", "-Dqueuelock.status.json=true"));
        JsonNode doc = new ObjectMapper().readTree(json.log().substring(json.log().indexOf('{')));
        JsonNode entry = null;
        for (JsonNode l : doc.get("lanes")) {
            if (l.get("number").asInt() == 3) {
                entry = l;
            }
        }
        assertThat(entry).as(json.log()).isNotNull();
        assertThat(entry.get("port").asInt()).isEqualTo(9303);
        assertThat(entry.get("namedPorts").get("http").asInt()).isEqualTo(ports.get("http"));
        assertThat(entry.get("namedPorts").get("db").asInt()).isEqualTo(ports.get("db"));
        assertThat(entry.get("namedPorts").get("debug").asInt()).isEqualTo(ports.get("debug"));
    }

    private static MavenRun ok(MavenRun run) throws InterruptedException {
        assertThat(run.awaitExit(MVN)).as(run.log()).isZero();
        return run;
    }
}

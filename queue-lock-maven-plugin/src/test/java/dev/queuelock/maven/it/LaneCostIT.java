package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.build.localrepo.LocalRepositoryParts;
import dev.queuelock.repo.RepoKey;
import dev.queuelock.testsupport.Timing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 57, what lanes cost, on the three-module project with real Maven and real git: a lane made by
 * {@code queuelock:lane} and not used yet survives another lane's landing within its grace and is
 * shown as new, not landed, and is pruned after it; status shows each lane's disk use (worktree,
 * build output, its part of the local repository), the total and the free space; prune says what it
 * freed, and a pruned lane's build output and local-repository part are gone.
 */
class LaneCostIT {

    private static final Duration MVN = Timing.forMaven();

    @ProjectOnMain
    LandingRepo repo;

    @Test
    @Timeout(600)
    void aNewLaneIsKeptThroughALandingWithinItsGraceAndALandedLanesDiskIsShownAndGivenBack() throws Exception {
        MavenRun made = ok(repo.mvn(repo.main, "lane", "queuelock:lane"));
        Path fresh = repo.main.resolveSibling("main-lane-1");
        assertThat(made.log()).contains("created lane 1 on branch lane/1");
        assertThat(fresh).isDirectory();

        // Lane 2 is worked in: a build installs its modules (into its own part) and leaves output; then it lands.
        Path two = repo.main.resolveSibling("main-lane-2");
        LandingRepo.git(repo.main, "worktree", "add", "-q", "-b", "lane/2", two.toString(), "origin/main");
        Files.writeString(two.resolve("app/src/main/java/shop/app/Note.java"), "package shop.app;\n\nclass Note {\n}\n");
        LandingRepo.git(two, "add", ".");
        LandingRepo.git(two, "commit", "-q", "-m", "lane 2 work");
        ok(repo.mvnOn(MavenRun.maven39(), two, "install-2", "install", "-DskipTests")); // resolver 1.9 or newer keeps a lane's installs apart
        Path part = MavenRun.IT_REPO.resolve(parts().lane("main-lane-2").prefix());
        assertThat(part).as("lane 2's own part of the local repository").isDirectory();
        MavenRun land = ok(repo.mvn(two, "land-2", "queuelock:land", "-Dqueuelock.land.checkGoals=validate"));
        assertThat(land.log()).contains("lane main-lane-2 (lane/2) landed on origin/main")
                .containsPattern("kept new lane main-lane-1 \\(lane/1\\): no commits yet, unused for [0-9hms ]+; pruned if still unused"
                        + " [0-9hms ]+ from now \\(queuelock.lanes.newLaneGrace\\)")
                .doesNotContain("pruned landed lane main-lane-1", "pruned new lane main-lane-1");
        assertThat(fresh).as("new, with no process in it: kept within its grace").isDirectory();

        MavenRun status = ok(repo.mvn(repo.main, "status", "queuelock:status"));
        assertThat(status.log()).containsPattern("lane 1  lane/1  \\+0/-1  new  idle [0-9hms ]+ \\(kept as new [0-9hms ]+ more\\)  port")
                .containsPattern("lane 2  lane/2  \\+0/-0  landed  ")
                .contains("disk (each lane's worktree with its build output, and its own part of the local repository):")
                .containsPattern("  all lanes: [0-9.]+ [kMG]B")
                .containsPattern("[0-9.]+ [kMG]B free on .*: the lanes");
        Matcher laneTwo = Pattern.compile("  lane 2  ([0-9.]+ [kMG]B) \\(worktree [0-9.]+ [kMG]B, of it build output ([0-9.]+) ([kMG]B);"
                + " local repository ([0-9.]+) ([kMG]B)\\), measured").matcher(status.log());
        assertThat(laneTwo.find()).as(status.log()).isTrue();
        assertThat(Double.parseDouble(laneTwo.group(2))).as("its build output counted").isPositive();
        assertThat(Double.parseDouble(laneTwo.group(4))).as("its part of the local repository counted").isPositive();

        MavenRun json = ok(repo.mvn(repo.main, "status-json", "-q", "queuelock:status", "-Dqueuelock.status.json=true"));
        JsonNode doc = new ObjectMapper().readTree(json.log().substring(json.log().indexOf('{')));
        JsonNode first = doc.path("lanes").path(0);
        assertThat(first.path("state").asText()).isEqualTo("new");
        assertThat(first.path("landed").asBoolean()).isFalse();
        assertThat(first.path("keptAsNewMillis").asLong()).isPositive();
        assertThat(doc.path("lanes").path(1).path("disk").path("buildOutputBytes").asLong()).isPositive();
        assertThat(doc.path("lanes").path(1).path("disk").path("localRepositoryBytes").asLong()).isPositive();
        assertThat(doc.path("disk").path("totalBytes").asLong()).isPositive();
        assertThat(doc.path("disk").path("free").path(0).path("freeBytes").asLong()).isPositive();

        // A free-space threshold above what the disk has free: status says so, with what prune would free and the command.
        MavenRun low = ok(repo.mvn(repo.main, "status-low", "queuelock:status", "-Dqueuelock.lanes.lowFreeSpaceGb=1000000"));
        assertThat(low.log()).containsPattern("FREE SPACE LOW: [0-9.]+ [kMG]B free on .*, under 1000000 GB \\(queuelock.lanes.lowFreeSpaceGb\\);"
                + " mvn queuelock:prune frees [0-9.]+ [kMG]B \\(1 landed or unused lane\\(s\\)\\); the lanes' build output takes");

        // Past its grace (set small: the decision, not the clock), the unused lane goes as new; the landed one with its output and part.
        MavenRun prune = ok(repo.mvn(repo.main, "prune", "queuelock:prune", "-Dqueuelock.lanes.newLaneGrace=1ms"));
        assertThat(prune.log()).containsPattern("pruned new lane main-lane-1 \\(lane/1\\), freeing [0-9.]+ [kMG]B: no commits, unused for")
                .containsPattern("pruned landed lane main-lane-2 \\(lane/2\\) and what it installed, freeing [0-9.]+ [kMG]B")
                .containsPattern("pruned 2 lane\\(s\\), freed [0-9.]+ [kMG]B")
                .doesNotContain("pruned landed lane main-lane-1");
        assertThat(fresh).doesNotExist();
        assertThat(two).as("its worktree and build output").doesNotExist();
        assertThat(part).as("its part of the local repository").doesNotExist();
    }

    private LocalRepositoryParts parts() {
        return LocalRepositoryParts.of(RepoKey.of(repo.main).key());
    }

    private static MavenRun ok(MavenRun run) throws InterruptedException {
        assertThat(run.awaitExit(MVN)).as(run.log()).isZero();
        return run;
    }
}

package dev.queuelock.land.watch;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.disk.DiskMeter;
import dev.queuelock.land.disk.LaneDisks;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.lanes.LaneBoard;
import dev.queuelock.land.lanes.LaneInstalls;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LaneRecords;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.lanes.LaneState;
import dev.queuelock.testsupport.GitFixture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 57: the page showed {@code target 0 MB} on every lane, also on lanes with build output (it
 * rounded a module's few hundred kB to 0 MB, and counted nothing of the local repository). The page
 * and the screen say what the watch counted, in the words status uses.
 */
class LaneDiskCardTest {

    @TempDir
    Path tmp;

    @Test
    void aLaneWithBuildOutputShowsItsSizeOnThePageAndTheScreenNeverZero() throws Exception {
        GitFixture repo = new GitFixture(Files.createDirectory(tmp.resolve("repo")));
        Path one = repo.lane("main-lane-1");
        Files.createDirectories(one.resolve("app/target/classes"));
        Files.write(one.resolve("app/target/classes/A.class"), new byte[340_000]); // a module's output
        LaneLayout layout = LaneLayout.of(new Git(repo.main), LaneSettings.defaults());
        List<LaneState> lanes = new LaneBoard(layout, "refs/remotes/origin/main",
                () -> LaneRecords.read(repo.main.resolve(".git"), Map.of(), Map.of())).states();
        DiskMeter meter = new DiskMeter(layout.commonDir(), new LaneInstalls(layout, tmp.resolve("m2")), repo.main.getParent());
        LaneDisks counted = meter.count(lanes.stream().map(LaneState::lane).collect(Collectors.toList()));
        QueueSnapshot none = new QueueSnapshot(tmp.resolve("q"), List.of(), List.of());
        WatchModel look = new WatchModel(System.currentTimeMillis(), none, none, Map.of(), List.of(), Map.of(), lanes, Map.of(),
                counted, new Timeline(), UnderWay.NONE);

        JsonNode page = new ObjectMapper().readTree(PageJson.render(look));

        assertThat(page.path("lanes").path(0).path("disk").asText()).matches("disk 3\\d\\d kB \\(measured .* ago\\)");
        assertThat(page.path("lanes").path(0).path("diskBytes").asLong()).isGreaterThan(340_000);
        assertThat(page.path("disk").asText()).matches("disk: all lanes 3\\d\\d kB; .* free on .*: the lanes.*");
        assertThat(ScreenText.lines(look)).anyMatch(line -> line.contains("main-lane-1") && line.matches(".*disk 3\\d\\d kB \\(measured .*"))
                .anyMatch(line -> line.startsWith("  disk: all lanes 3"));
    }

    @Test
    void underTheFreeSpaceThresholdTheScreenAndThePageSaySoWithTheCommand() throws Exception {
        GitFixture repo = new GitFixture(Files.createDirectory(tmp.resolve("repo")));
        repo.lane("main-lane-1");
        LaneLayout layout = LaneLayout.of(new Git(repo.main), LaneSettings.defaults());
        List<LaneState> lanes = new LaneBoard(layout, "refs/remotes/origin/main",
                () -> LaneRecords.read(repo.main.resolve(".git"), Map.of(), Map.of())).states();
        DiskMeter meter = new DiskMeter(layout.commonDir(), new LaneInstalls(layout, tmp.resolve("m2")), repo.main.getParent());
        LaneDisks low = meter.count(layout.lanes()).warnedUnder(Integer.MAX_VALUE, lanes);
        QueueSnapshot none = new QueueSnapshot(tmp.resolve("q"), List.of(), List.of());
        WatchModel look = new WatchModel(System.currentTimeMillis(), none, none, Map.of(), List.of(), Map.of(), lanes, Map.of(),
                low, new Timeline(), UnderWay.NONE);

        assertThat(ScreenText.lines(look)).anyMatch(line -> line.startsWith("  FREE SPACE LOW: ")
                && line.contains("no lane can be pruned now") && line.endsWith("(mvn clean in a lane frees its own)"));
        assertThat(new ObjectMapper().readTree(PageJson.render(look)).path("lowSpace").asText()).startsWith("FREE SPACE LOW: ");
    }

    @Test
    void thePageShowsTheSizeAsTheWatchSaysItAndRoundsNothingItself() throws Exception {
        String html = new String(getClass().getResourceAsStream("/dev/queuelock/maven/watch/watch.html") == null ? new byte[0]
                : getClass().getResourceAsStream("/dev/queuelock/maven/watch/watch.html").readAllBytes(), StandardCharsets.UTF_8);
        Path page = Path.of("..", "queue-lock-maven-plugin", "src", "main", "resources", "dev", "queuelock", "maven", "watch", "watch.html");
        String text = html.isEmpty() ? Files.readString(page, StandardCharsets.UTF_8) : html;
        assertThat(text).contains("l.disk").doesNotContain("targetBytes").doesNotContain("/ 1e6");
    }
}

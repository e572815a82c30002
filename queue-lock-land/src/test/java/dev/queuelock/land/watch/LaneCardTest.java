package dev.queuelock.land.watch;

import static dev.queuelock.testsupport.GitFixture.commit;
import static dev.queuelock.testsupport.GitFixture.git;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.land.disk.LaneDisks;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.lanes.LaneBoard;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LaneRecords;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.lanes.LaneState;
import dev.queuelock.testsupport.GitFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Issue 53: the page showed a green "landed" card for a lane just made. A card says what happened to its lane. */
class LaneCardTest {

    @TempDir
    Path tmp;

    @Test
    void aFreshLaneIsNewOnThePageAndOnlyALaneWhoseCommitsReachedTheBranchIsLanded() throws Exception {
        GitFixture repo = new GitFixture(tmp);
        repo.lane("main-lane-1");
        Files.writeString(repo.lane("main-lane-2").resolve("edit.txt"), "begun\n");
        Path pushed = repo.lane("main-lane-3");
        commit(pushed, "three.txt", "three\n", "three");
        git(pushed, "push", "--quiet", "origin", "main-lane-3:main");
        List<LaneState> lanes = new LaneBoard(LaneLayout.of(new Git(repo.main), LaneSettings.defaults()),
                "refs/remotes/origin/main", () -> LaneRecords.read(repo.main.resolve(".git"), Map.of(), Map.of())).states();
        QueueSnapshot none = new QueueSnapshot(tmp.resolve("q"), List.of(), List.of());
        WatchModel look = new WatchModel(System.currentTimeMillis(), none, none, Map.of(), List.of(), Map.of(), lanes, Map.of(),
                LaneDisks.NONE, new Timeline(), UnderWay.NONE);

        JsonNode page = new ObjectMapper().readTree(PageJson.render(look));

        List<String> cards = new ArrayList<>();
        page.path("lanes").forEach(lane -> cards.add(lane.path("name").asText() + " " + lane.path("state").asText()));
        assertThat(cards).containsExactly("main-lane-1 new", "main-lane-2 idle", "main-lane-3 landed");
        assertThat(ScreenText.lines(look)).noneMatch(line -> line.contains("main-lane-1") && line.contains("landed"));
    }
}

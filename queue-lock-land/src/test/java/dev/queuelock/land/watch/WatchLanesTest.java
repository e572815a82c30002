package dev.queuelock.land.watch;

import dev.queuelock.land.base.StateEntry;
import static dev.queuelock.testsupport.GitFixture.commit;
import static dev.queuelock.testsupport.GitFixture.git;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.git.Git;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.land.history.Activity;
import dev.queuelock.land.lanes.LaneBoard;
import dev.queuelock.land.lanes.LaneLayout;
import dev.queuelock.land.lanes.LaneRecords;
import dev.queuelock.land.lanes.LaneSettings;
import dev.queuelock.land.lanes.LaneState;
import dev.queuelock.land.notify.Notifier;
import dev.queuelock.testsupport.GitFixture;
import dev.queuelock.repository.ports.PortRegistry;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The watch's lanes as real git worktrees: a refusal said in full on the screen, and a lane made anew under a pruned lane's number. */
class WatchLanesTest {

    /** As a rebase conflict's refusal reads (one line: the landing's own words), with two files and the fix. */
    private static final String CONFLICT = "rebase of lane main-lane-1 (lane/1) onto origin/main conflicted and was aborted"
            + " (conflicts in src/main/java/com/example/app/Greeting.java, src/main/resources/messages.properties); the lane is"
            + " unchanged at 4f1c2a9. Resolve: git fetch origin main && git rebase origin/main, then run land again.";

    @TempDir
    Path tmp;

    GitFixture repo;
    Path common;

    @BeforeEach
    void repository() throws Exception {
        repo = new GitFixture(Files.createDirectory(tmp.resolve("repo")));
        common = repo.main.resolve(".git");
    }

    /** Lane {@code n} as {@code mvn queuelock:lane} makes it, beside the main checkout, with one commit of its own. */
    private Path lane(int n) {
        Path dir = repo.root.resolve("main-lane-" + n);
        git(repo.main, "worktree", "add", "--quiet", "-b", "lane/" + n, dir.toString(), "origin/main");
        commit(dir, "work-" + n + ".txt", "work\n", "lane " + n + " work");
        return dir;
    }

    private void activity(String... lines) throws Exception {
        Path file = StateEntry.ACTIVITY.of(common);
        Files.createDirectories(file.getParent());
        Files.writeString(file, String.join("\n", lines) + "\n");
    }

    private WatchModel look() {
        QueueSnapshot build = new QueueSnapshot(tmp.resolve("q-build"), List.of(), List.of()).withSlots(1, "1 (fixed)");
        QueueSnapshot land = new QueueSnapshot(tmp.resolve("q-land"), List.of(), List.of());
        LaneBoard board = new LaneBoard(LaneLayout.of(new Git(repo.main), LaneSettings.defaults()), "refs/remotes/origin/main",
                () -> LaneRecords.read(common, Map.of(), Map.of()));
        return new WatchLoop(new FixedSources(build, land, board.states(), common), Notifier.NONE, 0).look();
    }

    @Test
    void aLanesNamedPortsAreOnItsRowAndOnThePageAsTheRegisterHoldsThem() throws Exception {
        Path one = lane(1);
        Path two = lane(2);
        PortRegistry register = PortRegistry.machine(); // the one the watch reads
        try {
            Map<String, Integer> ports = register.portsOf(one, List.of("http", "db"), 23700);
            WatchModel m = look();

            assertThat(linesOfLane(ScreenWrap.wrap(ScreenText.lines(m), 200), "main-lane-1").get(0))
                    .contains("port 8081 http=" + ports.get("http") + " db=" + ports.get("db"));
            assertThat(linesOfLane(ScreenWrap.wrap(ScreenText.lines(m), 200), "main-lane-2").get(0)).as("asked for none")
                    .contains("port 8082 ").doesNotContain("http=");
            JsonNode lanes = new ObjectMapper().readTree(PageJson.render(m)).get("lanes");
            assertThat(lanes.get(0).get("namedPorts").get("http").asInt()).isEqualTo(ports.get("http"));
            assertThat(lanes.get(1).get("namedPorts").size()).isZero();
            assertThat(register.held(two)).as("a look gives no port").isEmpty();
        } finally {
            register.free(one);
        }
    }

    @Test
    void aRefusalsReasonFilesAndFixAreOnTheScreenInFullWrappedToItsWidth() throws Exception {
        lane(1);
        activity("{\"ts\":" + System.currentTimeMillis() + ",\"lane\":\"main-lane-1\",\"outcome\":\"rebase-conflict\",\"reason\":"
                + new ObjectMapper().writeValueAsString(CONFLICT) + ",\"test\":null}");

        List<String> screen = ScreenWrap.wrap(ScreenText.lines(look()), 100);

        assertThat(screen).allMatch(line -> line.length() <= 100);
        List<String> lane = linesOfLane(screen, "main-lane-1");
        assertThat(lane.get(0)).contains(" refused ").doesNotContain("~");
        String said = lane.stream().map(String::strip).collect(Collectors.joining(" "));
        assertThat(said).contains("refused: rebase-conflict: " + CONFLICT);
    }

    @Test
    void aFailedChecksReasonIsUnderItsRowBesideTheFailingTest() throws Exception {
        lane(1);
        activity("{\"ts\":" + System.currentTimeMillis() + ",\"lane\":\"main-lane-1\",\"outcome\":\"check-failed\",\"reason\":"
                + "\"checks failed on the rebased commit 4f1c2a9 (sh check.sh); nothing was pushed\",\"test\":\"GreetingTest.greets\"}");

        List<String> lane = linesOfLane(ScreenWrap.wrap(ScreenText.lines(look()), 200), "main-lane-1");

        assertThat(lane.get(0)).contains("refused: GreetingTest.greets");
        assertThat(lane).contains(ScreenText.UNDER_ROW + "check-failed: checks failed on the rebased commit 4f1c2a9 (sh check.sh);"
                + " nothing was pushed");
    }

    @Test
    void aLaneMadeAnewUnderAPrunedLanesNumberHasARowOfItsOwnAndNoneOfTheOldLanesHistory() throws Exception {
        Path first = lane(1);
        git(repo.main, "worktree", "remove", "--force", first.toString()); // pruned, as prune does once it landed
        git(repo.main, "branch", "-D", "lane/1");
        lane(1);
        long made = Files.getLastModifiedTime(first.resolve(".git")).toMillis();
        long before = made - 120_000;
        long after = System.currentTimeMillis() + 1; // at or after the new lane was made
        // The old lane 1 was checked and refused; the new one, made under its number, has only begun to land.
        activity("{\"ts\":" + before + ",\"lane\":\"main-lane-1\",\"phase\":\"checks\"}",
                "{\"ts\":" + (before + 30_000) + ",\"lane\":\"main-lane-1\",\"outcome\":\"rebase-conflict\",\"reason\":"
                        + new ObjectMapper().writeValueAsString(CONFLICT) + ",\"test\":null}",
                "{\"ts\":" + after + ",\"lane\":\"main-lane-1\",\"phase\":\"fetch\"}",
                "{\"ts\":" + (after + 5) + ",\"lane\":\"main-lane-1\",\"outcome\":\"landed\",\"reason\":\"landed\",\"test\":null}");

        WatchModel look = look();
        JsonNode timeline = new ObjectMapper().readTree(PageJson.render(look)).path("timeline");

        String newRow = TimelineRows.key("main-lane-1", made);
        assertThat(rows(timeline)).containsExactly(newRow + " main-lane-1", "main-lane-1@earlier main-lane-1 (earlier lane)");
        assertThat(StreamSupport.stream(timeline.path("bars").spliterator(), false).map(b -> b.path("row").asText() + " " + b.path("kind").asText()))
                .containsExactly("main-lane-1@earlier checking", newRow + " landing");
        assertThat(StreamSupport.stream(timeline.path("marks").spliterator(), false).map(m -> m.path("row").asText() + " " + m.path("outcome").asText()))
                .containsExactly("main-lane-1@earlier rebase-conflict", newRow + " landed");
        assertThat(timeline.path("lastEvent").asLong()).as("the last thing that happened, not the look's time").isEqualTo(after + 5);
        LaneState lane = look.lanes.get(0);
        assertThat(look.refusalReason(lane)).as("the old lane's refusal is not the new one's").isEmpty();
    }

    @Test
    void aNewLaneDoesNotTakeThePrunedLanesRefusal() throws Exception {
        Path first = lane(1);
        activity("{\"ts\":" + (System.currentTimeMillis() - 60_000) + ",\"lane\":\"main-lane-1\",\"outcome\":\"rebase-conflict\",\"reason\":"
                + new ObjectMapper().writeValueAsString(CONFLICT) + ",\"test\":null}");
        git(repo.main, "worktree", "remove", "--force", first.toString());
        git(repo.main, "branch", "-D", "lane/1");
        lane(1);

        WatchModel look = look();

        assertThat(look.state(look.lanes.get(0))).doesNotStartWith("refused");
        assertThat(linesOfLane(ScreenText.lines(look), "main-lane-1")).hasSize(1);
    }

    private static List<String> rows(JsonNode timeline) {
        List<String> rows = new ArrayList<>();
        timeline.path("rows").forEach(r -> rows.add(r.path("key").asText() + " " + r.path("label").asText()));
        return rows;
    }

    /** The lanes table's row of lane {@code name} and the lines under it, up to the next row or section. */
    private static List<String> linesOfLane(List<String> screen, String name) {
        List<String> lines = new ArrayList<>();
        for (String line : screen) {
            if (line.matches("  \\d+\\s+" + name + "\\s.*")) {
                lines.add(line);
            } else if (!lines.isEmpty() && line.startsWith("    ")) { // the row's own continuation, or what is said under it
                lines.add(line);
            } else if (!lines.isEmpty()) {
                break;
            }
        }
        assertThat(lines).as("lane " + name + " on the screen:\n" + String.join("\n", screen)).isNotEmpty();
        return lines;
    }
}

package dev.queuelock.maven.goals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.build.reuse.ReuseLedger;
import dev.queuelock.build.reuse.ReuseRecord;
import dev.queuelock.build.reuse.ReuseStore;
import dev.queuelock.json.StatusJson;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.history.LandHistory;
import dev.queuelock.land.history.LandRun;
import dev.queuelock.testsupport.GitFixture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.maven.api.plugin.testing.InjectMojo;
import org.apache.maven.plugin.MojoExecutionException;
import org.junit.jupiter.api.Test;

class StatusMojoTest extends HarnessTest {

    private static final Path STATUS_JSON_PAGE = Path.of("..", "src", "site", "markdown", "status-json.md");

    @Test
    @InjectMojo(goal = "status")
    void jsonMustBeTrueOrFalse(StatusMojo mojo) throws Exception {
        given("queuelock.status.json", "maybe");
        assertRefused(mojo, "queuelock.status.json must be true or false, not 'maybe'");
    }

    @Test
    @InjectMojo(goal = "status")
    void buildScopeMustBeRepoOrMachine(StatusMojo mojo) throws Exception {
        given("queuelock.build.scope", "galaxy");
        assertRefused(mojo, "queuelock.build.scope must be repo or machine, not 'galaxy'");
    }

    @Test
    @InjectMojo(goal = "status")
    void aMissingDirectoryIsNamedAsMissing(StatusMojo mojo) {
        given("queuelock.status.directory", "/nonexistent/queue-lock");
        assertThatThrownBy(mojo::execute)
                .isInstanceOf(MojoExecutionException.class)
                .hasMessageContaining("/nonexistent/queue-lock")
                .hasMessageContaining("no such directory")
                .hasMessageNotContaining("git");
    }

    @Test
    @InjectMojo(goal = "status")
    void jsonGoesToTheOutputFileInTheOneSchema(StatusMojo mojo) throws Exception {
        given("queuelock.status.json", "true");
        given("queuelock.status.output", top.resolve("status.json").toString());
        mojo.execute();
        JsonNode doc = new ObjectMapper().readTree(top.resolve("status.json").toFile());
        assertThat(doc.get("version").asInt()).isEqualTo(StatusJson.VERSION);
        assertThat(doc.at("/queues/build/scope").asText()).isEqualTo("repo");
        assertThat(doc.at("/queues/build/holder").isNull()).isTrue();
        assertThat(doc.at("/queues/land/waiters")).isEmpty();
        assertThat(doc.at("/landings/runs").asInt()).isZero();
    }

    /** The lanes' objects carry exactly the keys the status JSON page documents, in its order. */
    @Test
    @InjectMojo(goal = "status")
    void eachLaneInTheJsonHasTheKeysTheStatusJsonPageDocuments(StatusMojo mojo) throws Exception {
        given("queuelock.status.json", "true");
        GitFixture repo = repository();
        Path lane = top.resolve("main-lane-1");
        GitFixture.git(repo.main, "worktree", "add", "--quiet", "-b", "lane/1", lane.toString(), "origin/main");
        given("queuelock.status.directory", repo.main.toString());
        given("queuelock.status.output", top.resolve("status.json").toString());

        mojo.execute();

        JsonNode lanes = new ObjectMapper().readTree(top.resolve("status.json").toFile()).get("lanes");
        assertThat(lanes).hasSize(1);
        List<String> keys = new ArrayList<>();
        lanes.get(0).fieldNames().forEachRemaining(keys::add);
        List<String> documented = new ArrayList<>();
        String page = Files.readString(STATUS_JSON_PAGE, StandardCharsets.UTF_8);
        Matcher row = Pattern.compile("`lanes\\[\\]\\.(\\w+)`").matcher(page);
        while (row.find()) {
            documented.add(row.group(1));
        }
        assertThat(keys).as("lanes[] keys, as %s documents them", STATUS_JSON_PAGE).isEqualTo(documented);
        assertThat(lanes.at("/0/branch").asText()).isEqualTo("lane/1");
        assertThat(lanes.at("/0/number").asInt()).isEqualTo(1);
    }

    /** What status says of the store {@link #aStoreOfOneModuleReusedThreeTimesThisWeek} made. */
    private static final String REUSE_LINE = "reuse store: 2.0 MB of at most 2048 MB, 1 module; reused today: 3 modules, 2m 40s of"
            + " recorded build time not run again; in the last 7 days: 4 modules, 3m 20s (each module's time where it was built, 1 of them"
            + " with its tests)";

    /**
     * Issue 55: status shows what the reuse store holds and what reuse left unbuilt today and over
     * the last 7 days, named as the time the reused modules took where they were built.
     */
    @Test
    @InjectMojo(goal = "status")
    void theReuseStoresSizeAndTheRecordedBuildTimeOfWhatWasReusedAreShown(StatusMojo mojo) throws Exception {
        aStoreOfOneModuleReusedThreeTimesThisWeek();
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);

        mojo.execute();

        assertThat(log.lines).contains(REUSE_LINE);
    }

    /** The same in the status JSON, with the keys the status JSON page shows. */
    @Test
    @InjectMojo(goal = "status")
    void theReuseStoreInTheJsonHasTheKeysTheStatusJsonPageShows(StatusMojo mojo) throws Exception {
        aStoreOfOneModuleReusedThreeTimesThisWeek();
        given("queuelock.status.json", "true");
        given("queuelock.status.output", top.resolve("status.json").toString());

        mojo.execute();

        JsonNode reuse = new ObjectMapper().readTree(top.resolve("status.json").toFile()).get("reuse");
        List<String> keys = new ArrayList<>();
        reuse.fieldNames().forEachRemaining(keys::add);
        String page = Files.readString(STATUS_JSON_PAGE, StandardCharsets.UTF_8);
        assertThat(keys).containsExactly("bytes", "modules", "capMegabytes", "windowDays", "reuses", "recordedBuildMillis",
                "reusesTimedWithTests", "reusesToday", "recordedBuildMillisToday", "text");
        keys.forEach(key -> assertThat(page).as("the status JSON page's example").contains("    \"" + key + "\": "));
        assertThat(reuse.get("reuses").asInt()).isEqualTo(4);
        assertThat(reuse.get("recordedBuildMillis").asLong()).isEqualTo(200_600);
        assertThat(reuse.get("reusesToday").asInt()).isEqualTo(3);
        assertThat(reuse.get("recordedBuildMillisToday").asLong()).isEqualTo(160_400);
        assertThat(reuse.get("text").asText()).isEqualTo(REUSE_LINE);
    }

    /**
     * A repository whose store holds one module of 2 MB, reused twice (40.2 s, no tests) and once (80 s with tests) now, once
     * (40.2 s) two days ago (this week, not today), and once 8 days ago.
     */
    private void aStoreOfOneModuleReusedThreeTimesThisWeek() throws Exception {
        GitFixture repo = repository();
        Path store = repo.main.resolve(".git/queuelock/reuse");
        Path jar = Files.write(top.resolve("core.jar"), new byte[2_000_000]);
        Instant now = Instant.now();
        ReuseRecord withoutTests = new ReuseRecord("the main checkout", "3f2a1b9", Duration.ofMillis(40_200), now, false);
        ReuseRecord withTests = new ReuseRecord("lane shop-2", "3f2a1b9", Duration.ofSeconds(80), now, true);
        ReuseStore.in(store).put("ab".repeat(32), withoutTests, List.of(new ReuseStore.Output("", "jar", jar)));
        ReuseLedger ledger = ReuseLedger.in(store);
        ledger.record(withTests, now.minus(Duration.ofDays(8)));
        ledger.record(withoutTests, now.minus(Duration.ofDays(2)));
        ledger.record(withoutTests, now);
        ledger.record(withoutTests, now);
        ledger.record(withTests, now);
        given("queuelock.status.directory", repo.main.toString());
    }

    /** Issue 53: a fresh lane said "landed", with uncommitted edits too. What a lane says is what happened to it. */
    @Test
    @InjectMojo(goal = "status")
    void eachLaneSaysWhatHappenedToItNewWorkingLandedOrRefused(StatusMojo mojo) throws Exception {
        GitFixture repo = repository();
        Path fresh = repo.lane("main-lane-1");
        Files.writeString(repo.lane("main-lane-2").resolve("edit.txt"), "begun\n");
        Path pushed = repo.lane("main-lane-3");
        GitFixture.commit(pushed, "three.txt", "three\n", "three");
        GitFixture.git(pushed, "push", "--quiet", "origin", "main-lane-3:main");
        GitFixture.commit(repo.lane("main-lane-4"), "four.txt", "four\n", "four");
        Path refused = repo.lane("main-lane-5");
        GitFixture.commit(refused, "five.txt", "five\n", "five");
        LandHistory history = new LandHistory(repo.main.resolve(".git"));
        history.append(new LandRun(java.time.Instant.now().toString(), "main-lane-5", "main-lane-5", null, Outcome.CHECK_FAILED, 1000,
                Map.of(), 0, null));
        // An old landing of a lane of the same name, pruned long before this one was made.
        history.append(new LandRun("2020-01-01T00:00:00Z", "main-lane-6", "main-lane-6", null, Outcome.LANDED, 1000, Map.of(), 0, null));
        repo.lane("main-lane-6");
        given("queuelock.status.json", "true");
        given("queuelock.status.directory", repo.main.toString());
        given("queuelock.status.output", top.resolve("status.json").toString());

        mojo.execute();

        JsonNode lanes = new ObjectMapper().readTree(top.resolve("status.json").toFile()).get("lanes");
        List<String> states = new ArrayList<>();
        List<Boolean> landed = new ArrayList<>();
        lanes.forEach(lane -> {
            states.add(lane.path("number").asInt() + " " + lane.path("state").asText());
            landed.add(lane.path("landed").asBoolean());
        });
        assertThat(states).containsExactly("1 new", "2 working", "3 landed", "4 working", "5 refused", "6 new");
        assertThat(landed).containsExactly(false, false, true, false, false, false);
        assertThat(fresh).as("status prunes nothing").exists();

    }

    @Test
    @InjectMojo(goal = "status")
    void aFreshLaneIsNewAndWithUncommittedEditsWorkingNeverLanded(StatusMojo mojo) throws Exception {
        GitFixture repo = repository();
        repo.lane("main-lane-1");
        Files.writeString(repo.lane("main-lane-2").resolve("edit.txt"), "begun\n");
        given("queuelock.status.directory", repo.main.toString());
        CapturingLog log = new CapturingLog();
        mojo.setLog(log);

        mojo.execute();

        assertThat(log.lines).anyMatch(line -> line.startsWith("  lane 1  main-lane-1  +0/-0  new  idle "))
                .anyMatch(line -> line.matches("  lane 2  main-lane-2  \\+0/-0  working  idle .*  1 uncommitted  port .*"))
                .noneMatch(line -> line.contains("landed"));
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
    void portBaseThatIsNoNumberIsRefused(StatusMojo mojo) throws Exception {
        given("queuelock.lanes.portBase", "abc");
        assertRefused(mojo, BAD_PORT_BASE);
    }

    @Test
    @InjectMojo(goal = "status")
    void autoLandMustBeTrueOrFalse(StatusMojo mojo) throws Exception {
        given("queuelock.lanes.autoLand", "maybe");
        assertRefused(mojo, BAD_AUTO_LAND);
    }

    @Test
    @InjectMojo(goal = "status")
    void orphanGraceMustBeADuration(StatusMojo mojo) throws Exception {
        given("queuelock.lanes.orphanGrace", "soon");
        assertRefused(mojo, BAD_ORPHAN_GRACE);
    }

    @Test
    @InjectMojo(goal = "status")
    void everyProblemIsListedAtOnce(StatusMojo mojo) throws Exception {
        given("queuelock.status.json", "maybe");
        given("queuelock.lanes.worktreeSuffix", "lanes/");
        assertRefused(mojo, "queuelock.status.json must be true or false, not 'maybe'; " + BAD_WORKTREE_SUFFIX);
    }
}

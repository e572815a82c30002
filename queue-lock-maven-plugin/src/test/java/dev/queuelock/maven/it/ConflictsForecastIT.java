package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.testsupport.Timing;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Issue 56, the conflicts forecast, on the three-module project with real git and real Maven: two
 * lanes with uncommitted edits to one file are named, with the file, by {@code status} (text and
 * JSON), {@code watch} (and its notify event) and the second lane's own build; once both commit
 * edits to the same lines, status reports the conflict; a third lane on other files is never named.
 */
class ConflictsForecastIT {

    private static final Duration MVN = Timing.forMaven();
    private static final String CHECKOUT = "app/src/main/java/shop/app/Checkout.java";
    private static final String PRICES = "shared/src/main/java/shop/shared/Prices.java";
    private static final String OVERLAP = "main-lane-1 and main-lane-2 both change " + CHECKOUT;

    @ProjectOnMain
    LandingRepo repo;

    @Test
    @Timeout(600)
    void twoLanesEditingOneFileAreNamedEverywhereAndTheirCommitsOnTheSameLinesAreAConflict() throws Exception {
        Path one = lane(1);
        Path two = lane(2);
        Path three = lane(3);
        edit(one, CHECKOUT, "return Prices.total(price, quantity);", "return Prices.total(price, quantity) + 1;");
        edit(two, CHECKOUT, "return Prices.total(price, quantity);", "return Prices.total(price, quantity) * 2;");
        edit(three, PRICES, "", "// lane 3's own\n");

        String status = ok(repo.mvn(repo.main, "status", "queuelock:status"));
        assertThat(status).contains("lanes changing the same files", OVERLAP).doesNotContain("main-lane-3 and", "and main-lane-3");

        JsonNode overlaps = statusJson("status-json").get("overlaps");
        assertThat(overlaps).hasSize(1);
        assertThat(overlaps.at("/0/lanes").toString()).isEqualTo("[\"main-lane-1\",\"main-lane-2\"]");
        assertThat(overlaps.at("/0/files").toString()).isEqualTo("[\"" + CHECKOUT + "\"]");
        assertThat(overlaps.at("/0/conflict").isNull()).as("uncommitted work is not merged on trial").isTrue();

        Path events = repo.work.resolve("events.jsonl");
        MavenRun watch = repo.mvn(repo.main, "watch", "-B", "queuelock:watch",
                "-Dqueuelock.notify=sh,-c,cat >> '" + events + "'; echo >> '" + events + "'");
        watch.awaitLog("overlap: " + OVERLAP, MVN);
        assertThat(watch.log()).doesNotContain("overlap: main-lane-3", "and main-lane-3 both");
        // The event is sent right after the look is shown.
        Awaitility.await().atMost(MVN).until(() -> Files.exists(events) && Files.readString(events).contains("\"event\":\"overlap\""));
        watch.close();
        assertThat(Files.readString(events)).contains("\"event\":\"overlap\"", "\"lanes\":[\"main-lane-1\",\"main-lane-2\"]")
                .doesNotContain("main-lane-3");

        String build = ok(repo.mvn(two, "build-lane-2", "-B", "validate",
                "-Dorg.slf4j.simpleLogger.log.dev.queuelock.maven.extension.check.LaneOverlapLine=debug"));
        assertThat(build).contains("main-lane-1 also changes " + CHECKOUT).doesNotContain("main-lane-3 also changes");
        // What the look cost this build, for the note (not asserted: timing is the machine's).
        build.lines().filter(line -> line.contains("conflicts forecast: read in")).forEach(System.out::println);

        LandingRepo.git(one, "commit", "-q", "-am", "lane 1 pays one more");
        LandingRepo.git(two, "commit", "-q", "-am", "lane 2 pays double");
        String committed = ok(repo.mvn(repo.main, "status-committed", "queuelock:status"));
        assertThat(committed).contains(OVERLAP + "; their commits would conflict in " + CHECKOUT);
        assertThat(statusJson("status-json-committed").at("/overlaps/0/conflict").asBoolean()).isTrue();
    }

    /** Lane n beside the main checkout, as {@code queuelock:lane} makes it: {@code main-lane-<n>} on {@code lane/<n>}. */
    private Path lane(int n) {
        Path lane = repo.main.resolveSibling("main-lane-" + n);
        LandingRepo.git(repo.main, "worktree", "add", "-q", "-b", "lane/" + n, lane.toString(), "origin/main");
        return lane;
    }

    private static void edit(Path lane, String file, String from, String to) throws Exception {
        Path path = lane.resolve(file);
        String text = Files.readString(path);
        Files.writeString(path, from.isEmpty() ? text + to : text.replace(from, to));
    }

    private JsonNode statusJson(String name) throws Exception {
        Path out = repo.work.resolve(name + ".json");
        ok(repo.mvn(repo.main, name, "queuelock:status", "-Dqueuelock.status.json=true", "-Dqueuelock.status.output=" + out));
        return new ObjectMapper().readTree(out.toFile());
    }

    private static String ok(MavenRun run) throws Exception {
        assertThat(run.awaitExit(MVN)).as(run.log()).isZero();
        return run.log();
    }
}

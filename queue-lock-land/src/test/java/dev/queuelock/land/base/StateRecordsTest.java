package dev.queuelock.land.base;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.queuelock.land.checks.FlakyTest;
import dev.queuelock.land.checks.FlakyTests;
import dev.queuelock.land.git.RepoContext;
import dev.queuelock.land.history.Activity;
import dev.queuelock.land.history.BatchRecord;
import dev.queuelock.land.history.InFlightLanding;
import dev.queuelock.land.history.LandHistory;
import dev.queuelock.land.history.LandRun;
import java.lang.reflect.Constructor;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The landing history and the flaky tests are written with the mapper and read with the streaming
 * parser: what the writer wrote, and what older versions wrote, reads as the mapper reads it.
 */
class StateRecordsTest {

    @TempDir
    Path common;

    @Test
    void aHistoryWrittenByTheWriterReadsAsTheMapperReadsIt() throws Exception {
        LandHistory history = new LandHistory(common);
        Map<String, Long> phases = new LinkedHashMap<>();
        phases.put("startUp", 1200L);
        phases.put("queueWait", 300L);
        phases.put("checks", 41_000L);
        phases.put("jvmStart", 310L);
        history.appendAll(List.of(
                new LandRun("2026-12-05T10:00:00Z", "lane-1", "feature/a", "c0ffee", Outcome.LANDED, 43_000, phases, 1,
                        new BatchRecord("1764928800000-4242", "lane-1", List.of("lane-1", "lane-2"), 2,
                                List.of("run 1: lane-1 + lane-2: failed", "run 2: lane-1: passed"))),
                new LandRun("2026-12-05T10:05:00Z", "lane-2", "feature/b", null, Outcome.CHECK_FAILED, 50_000, Map.of(), 0, null),
                new LandRun("2026-12-05T10:09:00Z", "lane-3", "feature/c", "beef", Outcome.LANDED, 9_000, phases, 0,
                        new BatchRecord("1764929340000-4343", "lane-3", List.of(), 1, List.of()))));
        // A record of an older version (no retries, batch or phases), and one of a newer (a field this one does not know).
        ArrayNode runs = (ArrayNode) StateFiles.json().readTree(history.file().toFile());
        ((ObjectNode) runs.get(0)).putObject("placement").put("slot", 2).putArray("why").add("busy");
        ((ObjectNode) runs.get(1)).remove(List.of("retries", "batch", "phases"));
        runs.insertObject(0).put("time", "2026-12-04T09:00:00Z").put("lane", "lane-1").put("branch", "feature/old")
                .put("commit", "abc").put("outcome", "landed").put("totalMs", 7000);
        StateFiles.write(history.file(), runs);

        List<LandRun> streamed = history.read();
        List<LandRun> mapped = StateFiles.read(history.file(), new TypeReference<List<LandRun>>() { });

        assertThat(streamed).hasSize(4);
        assertThat(asWritten(streamed)).isEqualTo(asWritten(mapped));
        assertThat(streamed.get(0).phases).isEmpty();
        assertThat(streamed.get(1).batch.steps).containsExactly("run 1: lane-1 + lane-2: failed", "run 2: lane-1: passed");
    }

    @Test
    void flakyTestsWrittenByTheWriterReadAsTheMapperReadsThem() throws Exception {
        FlakyTests flaky = new FlakyTests(common);
        flaky.record(List.of(new FlakyTest("shop.CheckoutTest.pays", "lane-1", "2026-12-05T10:00:00Z", "/logs/1.log"),
                new FlakyTest("shop.CartTest.adds", "batch", "2026-12-05T10:01:00Z", null)));
        Path file = StateEntry.FLAKY_TESTS.of(common);

        List<FlakyTest> mapped = StateFiles.read(file, new TypeReference<List<FlakyTest>>() { });

        assertThat(asWritten(flaky.read())).isEqualTo(asWritten(mapped)).hasSize(2);
    }

    @Test
    void aFileThatIsNotAnArrayOfRecordsReadsAsNoRuns() throws Exception {
        LandHistory history = new LandHistory(common);
        Files.createDirectories(history.file().getParent());
        for (String text : List.of("", "null", "{\"time\": \"x\"}", "[{\"time\": \"x\"", "[{\"phases\": [1]}]", "[\"x\"]")) {
            Files.writeString(history.file(), text);
            assertThat(history.read()).as(text).isEmpty();
        }
    }

    /** Status reads both at every look: no mapper is made for it (some 400 classes). */
    @Test
    void aHistoryAndFlakyTestsAreReadWithoutMakingTheMapper() throws Exception {
        new LandHistory(common).append(new LandRun("2026-12-05T10:00:00Z", "lane-1", "b", "c", Outcome.LANDED, 1, Map.of(), 0, null));
        new FlakyTests(common).record(List.of(new FlakyTest("t", "lane-1", "2026-12-05T10:00:00Z", "l")));
        URL classes = StateFiles.class.getProtectionDomain().getCodeSource().getLocation();
        try (StateFilesTest.Fresh fresh = new StateFilesTest.Fresh(classes, StateFiles.class.getClassLoader())) {
            for (Class<?> type : List.of(LandHistory.class, FlakyTests.class)) {
                Constructor<?> made = fresh.loadClass(type.getName()).getConstructor(Path.class);
                assertThat((List<?>) made.getDeclaringClass().getMethod("read").invoke(made.newInstance(common))).hasSize(1);
            }
            assertThat(fresh.loaded(StateFiles.class.getName() + "$Mapper")).as("the mapper's holder was loaded").isFalse();
        }
    }

    /** Status and the watch read the landing notes and the activity at every look: no mapper is made for that either. */
    @Test
    void landingNotesAndTheActivityAreReadWithoutMakingTheMapper() throws Exception {
        Path stateDir = RepoContext.stateDir(common);
        InFlightLanding landing = new InFlightLanding(stateDir, "lane-1");
        landing.start("lane/1", "c0ffee");
        new Activity(stateDir).phase("lane-1", Phase.QUEUE_WAIT);
        URL classes = StateFiles.class.getProtectionDomain().getCodeSource().getLocation();
        try (StateFilesTest.Fresh fresh = new StateFilesTest.Fresh(classes, StateFiles.class.getClassLoader())) {
            @SuppressWarnings("unchecked") // the fresh loader's notes, by lane
            Map<String, ?> live = (Map<String, ?>) fresh.loadClass(InFlightLanding.class.getName()).getMethod("live", Path.class).invoke(null, stateDir);
            assertThat(live).containsOnlyKeys("lane-1");
            Object activity = fresh.loadClass(Activity.class.getName()).getConstructor(Path.class).newInstance(stateDir);
            assertThat((List<?>) activity.getClass().getMethod("read").invoke(activity)).hasSize(1);
            assertThat(fresh.loaded(StateFiles.class.getName() + "$Mapper")).as("the mapper's holder was loaded").isFalse();
        } finally {
            landing.finish();
        }
    }

    /** The records as the writer writes them, to compare every field. */
    private static List<?> asWritten(List<?> records) {
        return StateFiles.json().convertValue(records, List.class);
    }
}

package dev.queuelock.maven.watch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The page's own script, run in Node on a clock the test moves (no browser needed): what it shows
 * of a look the watch sent. Skipped where there is no {@code node}.
 */
class WatchPageScriptTest {

    /** When the page is opened. */
    private static final long OPENED = 1_764_720_000_000L;
    /** The look the page was sent, two hours before: nothing changed since, so the watch sent none newer. */
    private static final long LOOKED = OPENED - 7_200_000L;
    private static final long LAST_EVENT = LOOKED - 600_000L;

    @TempDir
    Path tmp;

    @Test
    void theClockShowsTheTimeNowAndTicksAndTheLastChangeIsLabelledApart() throws Exception {
        JsonNode shown = show(look());

        assertThat(shown.at("/loaded/clock").asText()).isEqualTo(shown.at("/expected/loaded").asText());
        assertThat(shown.at("/later/clock").asText()).as("ticking, with no new look").isEqualTo(shown.at("/expected/later").asText());
        assertThat(shown.at("/loaded/lastEvent").asText()).isEqualTo("last change " + shown.at("/expected/lastEvent").asText());
        assertThat(shown.at("/loaded/problem").asText()).isEmpty();
    }

    @Test
    void theTimelineHasTheRowsTheWatchSentEachBarInItsRow() throws Exception {
        JsonNode shown = show(look());

        assertThat(shown.at("/loaded/rows")).extracting(JsonNode::asText).containsExactly("main-lane-1", "main-lane-1 (earlier lane)");
        // Rows are 22 px apart, bars 4 px into theirs: the earlier lane's check in the second row, the new lane's landing in the first.
        assertThat(shown.at("/loaded/bars")).extracting(JsonNode::asText).containsExactly("26 bar checking", "4 bar landing");
    }

    /** Issue 56's "where am I": under each land waiter, its place, what is ahead and the estimate, as the watch sent them (status's text). */
    @Test
    void eachLandWaiterShowsItsPlaceUnderIt() throws Exception {
        String place = "2nd in line for the land queue; ahead: lane a checking, lane b queued; no estimate (no landing in the history yet)";
        String waiters = "[{\"lane\":\"b\",\"describe\":\"lane b (lane/b), pid 22\",\"millis\":4000,\"eta\":\"\"},"
                + "{\"lane\":\"c\",\"describe\":\"lane c (lane/c), pid 33\",\"millis\":2000,\"eta\":\"\","
                + "\"place\":{\"lane\":\"c\",\"pid\":33,\"place\":2,\"ahead\":[{\"lane\":\"a\",\"state\":\"checking\"},"
                + "{\"lane\":\"b\",\"state\":\"queued\"}],\"estimateMillis\":null,\"text\":\"" + place + "\"}}]";

        JsonNode shown = show(look().replace("\"land\":{\"holders\":[],\"waiters\":[]}", "\"land\":{\"holders\":[],\"waiters\":" + waiters + "}"));

        assertThat(shown.at("/loaded/land")).extracting(JsonNode::asText).containsExactly("item waiter: 1. lane b (lane/b), pid 22, waiting 4 s",
                "item waiter: 2. lane c (lane/c), pid 33, waiting 2 s", "item place muted: " + place);
    }

    /** A look as {@code PageJson} renders it: lane 1 made anew, an earlier lane 1's check in the hour. */
    private static String look() {
        String row = "main-lane-1@" + (LOOKED - 60_000);
        return "{\"now\":" + LOOKED + ",\"build\":{\"holders\":[],\"waiters\":[],\"slots\":1,\"slotsDecision\":\"1 (fixed)\"},"
                + "\"land\":{\"holders\":[],\"waiters\":[]},"
                + "\"lanes\":[{\"number\":1,\"name\":\"main-lane-1\",\"row\":\"" + row + "\",\"branch\":\"lane/1\",\"ahead\":1,\"behind\":0,"
                + "\"state\":\"idle\",\"live\":false,\"idleMillis\":1000,\"port\":8081}],"
                + "\"chart\":[],\"flakyTests\":{},"
                + "\"timeline\":{\"from\":" + (LOOKED - 3_600_000) + ",\"to\":" + LOOKED + ","
                + "\"bars\":[{\"lane\":\"main-lane-1\",\"row\":\"main-lane-1@earlier\",\"kind\":\"checking\",\"from\":" + (LOOKED - 900_000)
                + ",\"to\":" + (LOOKED - 800_000) + "},{\"lane\":\"main-lane-1\",\"row\":\"" + row + "\",\"kind\":\"landing\",\"from\":"
                + (LAST_EVENT - 1000) + ",\"to\":" + LAST_EVENT + "}],\"marks\":[],"
                + "\"rows\":[{\"key\":\"" + row + "\",\"label\":\"main-lane-1\"},{\"key\":\"main-lane-1@earlier\",\"label\":\"main-lane-1 (earlier lane)\"}],"
                + "\"lastEvent\":" + LAST_EVENT + "}}";
    }

    /** The page's script with {@code state} written in, as the page is served, run by the harness. */
    private JsonNode show(String state) throws Exception {
        assumeTrue(nodeRuns(), "no node on this machine");
        String html;
        try (InputStream in = WatchPage.class.getResourceAsStream("watch.html")) {
            html = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        String script = html.substring(html.indexOf("<script>") + "<script>".length(), html.indexOf("</script>"));
        Path scriptFile = Files.writeString(tmp.resolve("page.js"), script.replace("/*STATE*/{}", state));
        // The elements the page has, as its HTML names them: the harness knows no list of its own that could disagree.
        String ids = java.util.regex.Pattern.compile("\\bid=\"([A-Za-z0-9_-]+)\"").matcher(html.substring(0, html.indexOf("<script>")))
                .results().map(m -> m.group(1)).collect(java.util.stream.Collectors.joining(","));
        Path harness = tmp.resolve("page-harness.js");
        try (InputStream in = WatchPageScriptTest.class.getResourceAsStream("page-harness.js")) {
            Files.write(harness, in.readAllBytes());
        }
        ProcessBuilder node = new ProcessBuilder(List.of("node", harness.toString(), scriptFile.toString(), String.valueOf(OPENED),
                String.valueOf(LAST_EVENT), ids)).redirectErrorStream(true);
        node.environment().put("TZ", "UTC");
        Process p = node.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return new ObjectMapper().readTree(out);
    }

    private static boolean nodeRuns() {
        try {
            Process p = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}

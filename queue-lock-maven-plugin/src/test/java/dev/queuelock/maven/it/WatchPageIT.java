package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.LockWorkers;
import dev.queuelock.testsupport.Timing;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watch's page in a real headless Chromium: the DOM its script builds shows the lanes and who
 * holds a slot, and shows a build that starts; where it does not run in a terminal, the watch
 * prints one line per change; a port in use is one line of error. The landing and the refusal the
 * page shows are also what {@code queuelock.notify} hears of (a script given each landing's end as
 * one JSON object; one that fails changes nothing: {@link NotifyIT}).
 */
class WatchPageIT {

    private static final Duration PATIENCE = Timing.forMaven();

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path work;

    LandingRepo repo;

    @BeforeEach
    void repoWithTwoLanes() throws Exception {
        repo = LandingRepo.create(work, "main", true);
        Files.createDirectories(repo.tmp());
    }

    @AfterEach
    void stop() {
        repo.close();
    }

    @Test
    @Timeout(400)
    void aNotifyScriptHearsOfALandingAndARefusalAndThePageShowsThemWithHoldersAndABuildThatStarts() throws Exception {
        Path one = repo.lane("main-lane-1", "a.txt", "main");
        Path two = repo.lane("main-lane-2", "b.txt", "main");
        Path landed = repo.lane("main-lane-3", "c.txt", "main");
        Path refused = repo.lane("main-lane-4", "d.txt", "main");
        Path events = work.resolve("events.jsonl");
        Path notify = CheckScripts.write(work, "notify.sh", "cat >> '" + events + "'\necho >> '" + events + "'\n");
        MavenRun land = repo.mvn(landed, "land-3", "queuelock:land", "-Dqueuelock.land.checkCommand=true", "-Dqueuelock.notify=" + notify);
        assertThat(land.awaitExit(PATIENCE)).as(land.log()).isZero();
        Path failingTest = CheckScripts.failingTest(work);
        MavenRun fail = repo.mvn(refused, "land-4", "queuelock:land", "-Dqueuelock.land.checkCommand=sh," + failingTest,
                "-Dqueuelock.notify=" + notify);
        assertThat(fail.awaitExit(PATIENCE)).as(fail.log()).isNotZero();
        assertNotifyHeard(events);

        // The landings above are told to the notify script wherever this runs; the page needs a browser.
        Chromium chromium = Chromium.find(work.resolve("chromium-profile"));
        assumeTrue(chromium != null, "no Chromium on the PATH (apt-get install chromium): no headless browser to open the page in");
        worker(one).startHolder("verify");
        int port = freePort();
        MavenRun watch = repo.mvn(repo.main, "watch", "queuelock:watch", "-Dqueuelock.watch.port=" + port);
        watch.awaitLog("build 1/2: main-lane-1; waiting: none", PATIENCE);
        String url = "http://127.0.0.1:" + port + "/";

        // A browser's first start on a loaded machine may outlast its wait for the page's script: ask again then.
        String before = Awaitility.await().atMost(PATIENCE).until(() -> chromium.dom(url), dom -> dom.contains("lane main-lane-1"));
        assertThat(before).contains("lane 1 main-lane-1", "lane 2 main-lane-2", "holds lane main-lane-1 (verify)",
                "refused: GreetingTest.greetsTheWorld", "class=\"mark refused\"", "class=\"mark landed\"", "main-lane-3 landed")
                .doesNotContain("holds lane main-lane-2");

        worker(two).startHolder("install");
        watch.awaitLog("build 2/2: main-lane-1, main-lane-2", PATIENCE);
        String after = Awaitility.await().atMost(PATIENCE).until(() -> chromium.dom(url), dom -> dom.contains("holds lane main-lane-2"));
        assertThat(after).contains("2 of 2 slots busy", "building", "class=\"bar building\"");

        String docs = System.getProperty("queuelock.docs.images");
        if (docs != null && !docs.isBlank()) {
            chromium.screenshot(url, Path.of(docs, "watch-page.png"), 1200, 820);
        }
    }

    @Test
    @Timeout(300)
    void aPortInUseIsOneLineOfError() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            MavenRun watch = repo.mvn(repo.main, "watch-busy-port", "queuelock:watch", "-Dqueuelock.watch.port=" + taken.getLocalPort());
            assertThat(watch.awaitExit(PATIENCE)).isNotZero();
            assertThat(watch.log()).contains("-Dqueuelock.watch.port=" + taken.getLocalPort() + ": port in use; choose another port.")
                    .doesNotContain("BindException", "\tat ");
        }
    }

    /** The notify script was given each landing's end as one JSON object: the landing, then the refusal with its failing test. */
    private void assertNotifyHeard(Path events) throws Exception {
        ObjectMapper json = new ObjectMapper();
        List<JsonNode> got = new ArrayList<>();
        for (String line : Files.readAllLines(events, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                got.add(json.readTree(line));
            }
        }
        assertThat(got).hasSize(2);
        JsonNode first = got.get(0);
        assertThat(first.path("hook_event_name").asText()).isEqualTo("queuelock");
        assertThat(first.path("event").asText()).isEqualTo("landed");
        assertThat(first.path("lane").asText()).isEqualTo("main-lane-3");
        assertThat(first.path("branch").asText()).isEqualTo("main-lane-3");
        assertThat(first.path("commit").asText()).isEqualTo(LandingRepo.git(repo.origin, "rev-parse", "main"));
        JsonNode second = got.get(1);
        assertThat(second.path("event").asText()).isEqualTo("refused");
        assertThat(second.path("lane").asText()).isEqualTo("main-lane-4");
        assertThat(second.path("outcome").asText()).isEqualTo("check-failed");
        assertThat(second.path("reason").asText()).startsWith("checks failed on the rebased commit");
        assertThat(second.path("test").asText()).isEqualTo("GreetingTest.greetsTheWorld");
    }

    private LockWorkers worker(Path lane) {
        return new LockWorkers(children, repo.tmp(), lane, "build", List.of("queuelock.build.slots=2"));
    }

    private static int freePort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}

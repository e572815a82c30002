package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.LockWorkers;
import dev.queuelock.testsupport.Timing;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mvn queuelock:watch} in a real terminal (tmux): three lanes share a build queue of two
 * slots (real child JVMs holding the real queue), a fourth lands with a check that waits for a
 * gate, a fifth is refused by a failing test, a sixth by a conflict; the screen shows each change
 * within a second of it, and the conflict's files and fix in full under the lane's row.
 */
class WatchTerminalIT {

    /** How soon after a change the screen must show it. */
    private static final long SHOWN_WITHIN_MILLIS = 1000;
    private static final Duration PATIENCE = Timing.forMaven();

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path work;

    LandingRepo repo;
    Tmux tmux;

    @BeforeEach
    void repoWithLanes() throws Exception {
        assumeTrue(Tmux.available(), "tmux is not installed (apt-get install tmux): no real terminal to run the watch in");
        repo = LandingRepo.create(work, "main", true);
        Files.createDirectories(repo.tmp());
    }

    @AfterEach
    void stop() {
        if (tmux != null) {
            tmux.close();
        }
        if (repo != null) {
            repo.close();
        }
    }

    @Test
    @Timeout(600)
    void theScreenFollowsHoldersWaitersALandingAndARefusal() throws Exception {
        Path a = repo.lane("main-lane-1", "a.txt", "main");
        Path b = repo.lane("main-lane-2", "b.txt", "main");
        Path c = repo.lane("main-lane-3", "c.txt", "main");
        Path d = repo.lane("main-lane-4", "d.txt", "main");
        Path e = repo.lane("main-lane-5", "e.txt", "main");
        Path f = repo.lane("main-lane-6", "d.txt", "main"); // adds the file d adds: its rebase onto d's landing conflicts
        Path gate = work.resolve("gate");
        // d's check prints into its log what a two-module Maven build prints as its second module starts
        Path waitForGate = CheckScripts.write(work, "wait-for-gate.sh", "printf '%s\\n' '[INFO] -----< com.example:app >-----'"
                + " '[INFO] Building app 1.0 [1/2]' '[INFO] -----< com.example:api >-----' '[INFO] Building api 1.0 [2/2]'\n"
                + "while [ ! -f '" + gate + "' ]; do sleep 0.1; done\n");
        Path failingTest = CheckScripts.failingTest(work);

        tmux = Tmux.start(repo.main, Map.of("TMPDIR", repo.tmp().toString(), "MAVEN_OPTS", MavenRun.SHORT_JVM
                + " -Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir")), 200, 60, List.of("mvn",
                "-Dmaven.repo.local=" + MavenRun.IT_REPO, "queuelock:watch"), work.resolve("terminal.out"));
        awaitScreen("the watch's first frame", s -> s.contains("BUILD QUEUE"), PATIENCE);

        ChildProcess holderA = worker(a).startHolder("verify-a");
        long shownA = awaitScreen("a holds", s -> s.contains("holds    lane main-lane-1"), PATIENCE);
        ChildProcess holderB = worker(b).startHolder("verify-b");
        awaitScreen("b holds", s -> s.contains("holds    lane main-lane-2"), PATIENCE);
        ChildProcess waiterC = worker(c).startWaiter("verify-c", -1);
        awaitScreen("c waits", s -> s.contains("waits 1. lane main-lane-3") && s.contains("2 of 2 slots busy"), PATIENCE);
        assertThat(shownA).isPositive();

        MavenRun landD = repo.mvn(d, "land-d", "queuelock:land", "-Dqueuelock.build.slots=2",
                "-Dqueuelock.land.checkCommand=sh," + waitForGate);
        // Both slots are busy and c is ahead of d's check: d's landing waits for a slot, and says so, not "checks".
        awaitScreen("d's landing waiting for a slot for its checks", s -> s.contains("landing  lane main-lane-4")
                && s.contains("slot wait for") && !s.contains("checks for"), PATIENCE);

        holderA.sigterm();
        // From the moment a's JVM has let go (its exit), not from the signal: how long a JVM on a
        // crowded machine takes to run its shutdown hooks is not the watch's to keep up with.
        assertThat(holderA.exitsWithin(PATIENCE)).isTrue();
        long released = System.currentTimeMillis();
        long shown = awaitScreen("c holds once a let go", s -> s.contains("holds    lane main-lane-3") && !s.contains("lane main-lane-1 (verify-a)"),
                PATIENCE);
        assertThat(shown - released).as("shown within a second of the hand-off").isLessThan(SHOWN_WITHIN_MILLIS + 500);
        holderB.sigterm();
        awaitScreen("d's check, in b's slot, with one module done", s -> s.contains("checking: 1 of 2 modules done (app)"), PATIENCE);
        Files.writeString(gate, "open");
        long opened = System.currentTimeMillis();
        assertThat(landD.awaitExit(PATIENCE)).as(landD.log()).isZero();
        long landedShown = awaitScreen("d landed", s -> lanesRow(s, "main-lane-4").contains("landed") && s.contains("landed"), PATIENCE);
        assertThat(landedShown - opened).isPositive();

        MavenRun landE = repo.mvn(e, "land-e", "queuelock:land", "-Dqueuelock.build.slots=2",
                "-Dqueuelock.land.checkCommand=sh," + failingTest);
        assertThat(landE.awaitExit(PATIENCE)).as(landE.log()).isNotZero();
        long ended = System.currentTimeMillis();
        long refusedShown = awaitScreen("e refused with its failing test", s -> lanesRow(s, "main-lane-5").contains("refused: GreetingTest.greetsTheWorld"),
                PATIENCE);
        assertThat(refusedShown - ended).as("shown within a second of the refusal").isLessThan(SHOWN_WITHIN_MILLIS + 500);
        MavenRun landF = repo.mvn(f, "land-f", "queuelock:land", "-Dqueuelock.build.slots=2", "-Dqueuelock.land.checkGoals=validate");
        assertThat(landF.awaitExit(PATIENCE)).as(landF.log()).isNotZero();
        awaitScreen("f refused by its conflict, the files and the fix in full", s -> said(s).contains("conflicts in d.txt")
                && said(s).contains("then run land again."), PATIENCE);
        assertThat(lanesRow(tmux.screen(), "main-lane-6")).contains("refused").doesNotContain("~");
        keepScreenForDocs(tmux.screen());
        waiterC.sigterm();

        assertThat(tmux.pane("#{cursor_flag}")).as("the cursor is hidden while the watch draws").isEqualTo("0");
        tmux.send("C-c");
        awaitScreen("the watch ended by Ctrl-C", s -> tmux.pane("#{pane_dead}").equals("1"), PATIENCE);
        String written = tmux.output();
        assertThat(written.lastIndexOf("\u001b[?25h")).as("the cursor is shown again as the watch ends")
                .isGreaterThan(written.lastIndexOf("\u001b[?25l"));
        assertThat(tmux.screen()).doesNotContain("Exception", "\tat ");
    }

    private LockWorkers worker(Path lane) {
        return new LockWorkers(children, repo.tmp(), lane, "build", List.of("queuelock.build.slots=2"));
    }

    /** The lanes section's row of lane {@code name}: {@code  1   name   branch ...}. */
    private static String lanesRow(String screen, String name) {
        for (String line : screen.split("\n")) {
            if (line.matches("  \\d+\\s+" + name + "\\s.*")) {
                return line;
            }
        }
        return "";
    }

    /** What the screen says, its lines joined as one text: what is wrapped over two lines is read as one. */
    private static String said(String screen) {
        return String.join(" ", screen.lines().map(String::strip).toArray(String[]::new));
    }

    /** Polls the screen every 50 ms; returns when (epoch ms) it first showed what {@code shows} wants. */
    private long awaitScreen(String what, Predicate<String> shows, Duration timeout) throws InterruptedException {
        long end = System.currentTimeMillis() + timeout.toMillis();
        String screen = "";
        while (System.currentTimeMillis() < end) {
            screen = tmux.screen();
            if (shows.test(screen)) {
                return System.currentTimeMillis();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the screen never showed " + what + "; it shows:\n" + screen);
    }

    /**
     * With {@code -Dqueuelock.docs.images=<dir>}: the terminal as it is now, drawn by Chromium from
     * tmux's capture into {@code watch-terminal.png}, for the docs.
     */
    private void keepScreenForDocs(String screen) throws Exception {
        String dir = System.getProperty("queuelock.docs.images");
        Chromium chromium = Chromium.find(work.resolve("chromium-profile"));
        if (dir == null || dir.isBlank() || chromium == null) {
            return;
        }
        String escaped = screen.stripTrailing().replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
        Path html = work.resolve("terminal.html");
        Files.writeString(html, "<!DOCTYPE html><html><body style=\"margin:0;background:#1e1e1e\"><pre style=\"margin:0;padding:12px;"
                + "color:#ddd;font:13px/1.3 'DejaVu Sans Mono',monospace\">" + escaped + "</pre></body></html>", StandardCharsets.UTF_8);
        chromium.screenshot(html.toUri().toString(), Path.of(dir, "watch-terminal.png"), 1500, 620);
    }
}

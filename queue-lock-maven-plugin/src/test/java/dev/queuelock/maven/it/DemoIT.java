package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.ProcessTree;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The README's main job, {@code demo/lanes.sh}, run as a user would: a broken demo is a broken product. */
class DemoIT {

    @TempDir
    Path work;

    @Test
    @Timeout(600)
    void threeLanesBuildInTurnAndLandInOrder() throws Exception {
        Path script = Path.of("..", "demo", "lanes.sh").toAbsolutePath().normalize();
        Path log = work.resolve("demo.log");
        ProcessBuilder demo = new ProcessBuilder("bash", script.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        demo.environment().put("QUEUELOCK_DEMO_REPO", MavenRun.IT_REPO.toString());
        demo.environment().put("TMPDIR", Files.createDirectories(work.resolve("tmp")).toString());
        demo.environment().remove("QUEUELOCK_SKIP");
        // Its Mavens run for seconds, as the other ITs' do: the same JVM options (MavenRun.SHORT_JVM)
        // leave the cores to the IT classes running beside it; the demo's story does not depend on them,
        // nor on the class archive an earlier IT's Maven made.
        String classes = MavenClassArchive.of("mvn", demo.environment()).map(MavenClassArchive::madeOptions).orElse("");
        demo.environment().put("MAVEN_OPTS", MavenRun.SHORT_JVM + " " + classes + " -Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        // lane-b's Mavens start 10 s late, as a JVM does on a busy machine (15 s at load 15): later than
        // lane-a's whole build. The demo sets its turns up, so lane-b and lane-c are still seen waiting.
        Path bin = Files.createDirectories(work.resolve("bin"));
        Files.writeString(bin.resolve("mvn"), "#!/bin/sh\n"
                + "case \"$(pwd)\" in */lane-b) sleep 10;; esac\n"
                + "PATH='" + demo.environment().get("PATH") + "' exec mvn \"$@\"\n", StandardCharsets.UTF_8);
        assertThat(bin.resolve("mvn").toFile().setExecutable(true)).isTrue();
        demo.environment().put("PATH", bin + File.pathSeparator + demo.environment().get("PATH"));
        Process process = demo.start();
        try {
            assertThat(process.waitFor(540, TimeUnit.SECONDS)).as("demo finished").isTrue();
        } finally {
            ProcessTree.destroy(process);
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);

        assertThat(process.exitValue()).as(out).isZero();
        assertThat(out).contains("Build queue: next up", "lane-a landed on origin/main", "lane-b landed on origin/main",
                "lane-c landed on origin/main", "legend: - start-up  . queue wait", "done: three lanes built in turn and landed in order",
                "demo: removed");
        String builds = section(out, "=== three 'mvn verify' at once", "=== three 'mvn queuelock:land' at once");
        String landings = section(out, "=== three 'mvn queuelock:land' at once", "=== main on the remote");
        for (String lane : List.of("lane-b", "lane-c")) {
            assertThat(linesOf(builds, lane)).as(lane + " waited its turn to build")
                    .anyMatch(l -> l.contains(" Build queue:")).anyMatch(l -> l.contains(" Build lock acquired after waiting"));
            assertThat(linesOf(landings, lane)).as(lane + " waited its turn to land").anyMatch(l -> l.contains(" Land queue:"));
        }
        assertThat(lanesOf(builds, "Build lock acquired")).as("built in arrival order").containsExactly("lane-a", "lane-b", "lane-c");
        assertThat(lanesOf(landings, " landed on origin/main")).as("landed in arrival order").containsExactly("lane-a", "lane-b", "lane-c");
        assertThat(section(out, "=== main on the remote", "=== mvn queuelock:status").lines().skip(1).filter(l -> !l.isBlank())
                .map(l -> l.replaceFirst("^\\* [0-9a-f]+ ", "")))
                .as("one linear history, the lanes in the order they landed")
                .containsExactly("lane-c: add FeatureC", "lane-b: add FeatureB", "lane-a: add FeatureA", "demo project");
        assertThat(out).doesNotContain("\tat ");
        assertThat(out).as("the demo's own lines, plainly").contains("[lane-a] [demo] running the test suite");
        assertThat(out.lines().filter(l -> l.contains("[echo]") || l.contains("[demo]") && l.contains("[WARNING]")))
                .as("Ant's prefixes, or the demo's lines as warnings").isEmpty();
    }

    private static String section(String out, String from, String to) {
        assertThat(out).contains(from, to);
        return out.substring(out.indexOf(from), out.indexOf(to));
    }

    private static List<String> linesOf(String section, String lane) {
        return section.lines().filter(l -> l.startsWith("[" + lane + "] ")).collect(Collectors.toList());
    }

    /** The lanes of the lines saying {@code text}, in the order the demo printed them. */
    private static List<String> lanesOf(String section, String text) {
        return section.lines().filter(l -> l.startsWith("[lane-") && l.contains(text)).map(l -> l.substring(1, 7))
                .collect(Collectors.toList());
    }

    /**
     * A first run builds queue-lock into ~/.m2 before the demo: it says so, and names each module as
     * Maven starts it, while it builds (a stand-in Maven here, which waits for the test to have seen
     * its first module before it goes on, 30 s at most).
     */
    @Test
    @Timeout(120)
    void aFirstRunSaysWhatItBuildsWhileItBuildsIt() throws Exception {
        Path script = Path.of("..", "demo", "lanes.sh").toAbsolutePath().normalize();
        Path release = work.resolve("release");
        Path gaveUp = work.resolve("gave-up");
        Path bin = Files.createDirectories(work.resolve("bin"));
        Path mvn = bin.resolve("mvn");
        Files.writeString(mvn, "#!/bin/sh\n"
                + "case \" $* \" in *\" install \"*) ;; *) echo \"stand-in mvn: only install\"; exit 3;; esac\n"
                + "echo '[INFO] Reactor Build Order:'\n"
                + "echo '[INFO] Building queue-lock " + TestRepos.VERSION + "                                 [1/2]'\n"
                + "n=0; while [ ! -f '" + release + "' ]; do n=$((n+1)); [ $n -gt 300 ] && { touch '" + gaveUp + "'; break; };"
                + " sleep 0.1; done\n"
                + "echo '[INFO] Building queue-lock core " + TestRepos.VERSION + "                            [2/2]'\n"
                + "echo '[INFO] BUILD SUCCESS'\n", StandardCharsets.UTF_8);
        assertThat(mvn.toFile().setExecutable(true)).isTrue();
        ProcessBuilder demo = new ProcessBuilder("bash", script.toString()).redirectErrorStream(true);
        demo.environment().remove("QUEUELOCK_DEMO_REPO");
        demo.environment().put("HOME", Files.createDirectories(work.resolve("home")).toString());
        demo.environment().put("TMPDIR", Files.createDirectories(work.resolve("tmp")).toString());
        demo.environment().put("PATH", bin + File.pathSeparator + System.getenv("PATH"));
        Process process = demo.start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                lines.add(line);
                if (line.equals("demo:   [1/2] queue-lock")) {
                    Files.createFile(release); // seen while Maven builds: the stand-in goes on
                }
            }
        } finally {
            ProcessTree.destroy(process);
        }
        assertThat(gaveUp).as("the stand-in Maven waited 30 s for the demo to name its first module").doesNotExist();
        assertThat(lines).as(String.join("\n", lines)).containsSubsequence(
                "demo: building queue-lock " + TestRepos.VERSION + " into ~/.m2 first (once: a few minutes, more when Maven fills an empty"
                        + " ~/.m2)...",
                "demo:   [1/2] queue-lock", "demo:   [2/2] queue-lock core");
        assertThat(lines).anyMatch(l -> l.matches("demo: queue-lock " + Pattern.quote(TestRepos.VERSION)
                + " is in ~/\\.m2 \\(\\d+ s\\); now the demo itself"));
    }
}

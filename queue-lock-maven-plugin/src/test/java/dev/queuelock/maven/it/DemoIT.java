package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.ProcessTree;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
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
        Process process = demo.start();
        try {
            assertThat(process.waitFor(540, TimeUnit.SECONDS)).as("demo finished").isTrue();
        } finally {
            ProcessTree.destroy(process);
        }
        String out = Files.readString(log, StandardCharsets.UTF_8);

        assertThat(process.exitValue()).as(out).isZero();
        assertThat(out).contains("Build queue: next up", "Build lock acquired after waiting",
                "Land queue:", "lane-a landed on origin/main", "lane-b landed on origin/main", "lane-c landed on origin/main",
                "legend: . queue wait", "done: three lanes built in turn and landed in order", "demo: removed");
        List<String> landed = out.lines().filter(l -> l.contains(" landed on origin/main")).map(l -> l.substring(1, 7))
                .collect(java.util.stream.Collectors.toList());
        assertThat(landed).as("landed in arrival order").containsExactly("lane-a", "lane-b", "lane-c");
        assertThat(out).doesNotContain("\tat ");
    }
}

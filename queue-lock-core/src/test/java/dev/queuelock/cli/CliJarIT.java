package dev.queuelock.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.CliLane;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** The packaged {@code -cli.jar} runs on its own: {@code java -jar} with nothing else on the class path. */
class CliJarIT {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    private Path jar;
    private CliLane lane;

    @BeforeEach
    void setUp() throws Exception {
        jar = Path.of(System.getProperty("queuelock.cli.jar", "target/missing-cli.jar"));
        assertThat(jar).as("the cli jar (set by failsafe)").isRegularFile();
        lane = new CliLane(children, tmp);
    }

    @Test
    @Timeout(60)
    void helpExitsZero() throws Exception {
        assertThat(javaJar("help", "--help")).isZero();
        assertThat(Files.readString(tmp.resolve("help.out"))).contains("Usage: java -jar");
    }

    @Test
    @Timeout(60)
    void runPassesTheExitCodeThrough() throws Exception {
        assertThat(javaJar("run", "run", "--", "sh", "-c", "exit 3")).isEqualTo(3);
        assertThat(Files.readString(tmp.resolve("run.err"))).contains("[queue-lock] build queue, lane lane-a: acquired");
    }

    @Test
    @Timeout(60)
    void statusJsonParses() throws Exception {
        assertThat(javaJar("status", "status", "--json", "--queue", "land")).isZero();
        JsonNode doc = new ObjectMapper().readTree(tmp.resolve("status.out").toFile());
        assertThat(doc.at("/queues/land/holder").isNull()).isTrue();
        assertThat(doc.at("/queues/land/waiters")).isEmpty();
    }

    @Test
    @Timeout(60)
    void usageErrorExitsTwo() throws Exception {
        assertThat(javaJar("bad", "run", "--nope")).isEqualTo(2);
        assertThat(Files.readString(tmp.resolve("bad.err")).lines().findFirst())
                .hasValue("queue-lock: run: unknown option '--nope'");
    }

    private int javaJar(String log, String... args) {
        List<String> cmd = new ArrayList<>(List.of(ChildProcesses.java(), "-jar", jar.toString()));
        cmd.addAll(List.of(args));
        return lane.startCommand(log, cmd).awaitExit(Duration.ofSeconds(45));
    }
}

package dev.queuelock.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** What signal tests rely on to skip honestly: a child's ignored signals are read right. */
class ChildProcessSignalsTest {

    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    void readsWhichSignalsAChildIgnores() {
        assumeTrue(Files.exists(Path.of("/proc/self/status")), "no /proc here: ignored signals cannot be read");
        // The shell ignores SIGINT, then becomes sleep, which inherits that as a background job's children do.
        ChildProcess child = children.command("sleep", List.of("sh", "-c", "trap '' INT; echo ready; exec sleep 300"))
                .log(tmp.resolve("sleep.log")).start();
        await().atMost(Duration.ofSeconds(45)).until(() -> child.stdout().contains("ready")
                && child.process().info().command().map(c -> c.endsWith("sleep")).orElse(false));

        assertThat(child.ignores("INT")).isTrue();
        assertThat(child.ignores("TERM")).isFalse();
    }
}

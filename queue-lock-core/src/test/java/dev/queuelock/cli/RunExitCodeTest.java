package dev.queuelock.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.CliLaneTestSupport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code run} in a real child JVM hands CMD's exit code through, and says what went wrong when it cannot run CMD. */
class RunExitCodeTest extends CliLaneTestSupport {

    @ParameterizedTest(name = "{0} exits {1}")
    @CsvSource(delimiter = '|', value = {
        "exit 0           | 0",
        "exit 3           | 3",
        "kill -TERM $$    | 143",
        "kill -KILL $$    | 137",
    })
    @Timeout(60)
    void exitCodeIsCommands(String script, int expected) throws Exception {
        ChildProcess cli = lane.start("cli", "run", "--", "sh", "-c", script);

        assertThat(cli.awaitExit(Duration.ofSeconds(45))).isEqualTo(expected);
        assertThat(cli.stderr()).contains("acquired");
    }

    @Test
    @Timeout(60)
    void commandRunsInDirWithArgumentsUntouchedByAnyShell() throws Exception {
        Path other = Files.createDirectory(tmp.resolve("other"));
        ChildProcess cli = lane.start("cli", "run", "--dir", other.toString(), "--", "sh", "-c", "pwd; printf '%s|' \"$@\"", "sh", "a b", "$HOME", ";");

        assertThat(cli.awaitExit(Duration.ofSeconds(45))).isZero();
        assertThat(cli.stdout())
                .isEqualTo(other.toRealPath() + "\na b|$HOME|;|");
    }

    @Test
    @Timeout(60)
    void usageErrorExitsTwoWithOneLineAndUsage() throws Exception {
        ChildProcess cli = lane.start("cli", "run", "--queue", "build");

        assertThat(cli.awaitExit(Duration.ofSeconds(45))).isEqualTo(2);
        String err = cli.stderr();
        assertThat(err.lines().findFirst()).hasValue("queue-lock: run: no command given (put it after --)");
        assertThat(err).contains("Usage: java -jar");
    }

    @Test
    @Timeout(60)
    void missingCommandExits127AndReleases() throws Exception {
        ChildProcess cli = lane.start("cli", "run", "--", "no-such-command-here");

        assertThat(cli.awaitExit(Duration.ofSeconds(45))).isEqualTo(127);
        assertThat(cli.stderr()).contains("no-such-command-here", "command not found");

        ChildProcess next = lane.start("next", "run", "--", "true");
        assertThat(next.awaitExit(Duration.ofSeconds(45))).isZero();
    }
}

package dev.queuelock.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code run} in a real child JVM hands CMD's exit code through, and says what went wrong when it cannot run CMD. */
class RunExitCodeTest {

    @TempDir
    Path tmp;

    private Path repo;
    private ChildJvm jvm;

    @BeforeEach
    void setUp() throws Exception {
        repo = Files.createDirectory(tmp.resolve("lane-a"));
        jvm = new ChildJvm(Files.createDirectory(tmp.resolve("queues")));
    }

    @AfterEach
    void stopChildren() {
        jvm.close();
    }

    @ParameterizedTest(name = "{0} exits {1}")
    @CsvSource(delimiter = '|', value = {
        "exit 0           | 0",
        "exit 3           | 3",
        "kill -TERM $$    | 143",
        "kill -KILL $$    | 137",
    })
    @Timeout(60)
    void exitCodeIsCommands(String script, int expected) throws Exception {
        Process cli = jvm.start(repo, tmp.resolve("cli"), Main.class, "run", "--", "sh", "-c", script);

        assertThat(cli.waitFor(45, TimeUnit.SECONDS)).isTrue();
        assertThat(cli.exitValue()).isEqualTo(expected);
        assertThat(Files.readString(tmp.resolve("cli.err"))).contains("acquired");
    }

    @Test
    @Timeout(60)
    void commandRunsInDirWithArgumentsUntouchedByAnyShell() throws Exception {
        Path other = Files.createDirectory(tmp.resolve("other"));
        Process cli = jvm.start(repo, tmp.resolve("cli"), Main.class,
                "run", "--dir", other.toString(), "--", "sh", "-c", "pwd; printf '%s|' \"$@\"", "sh", "a b", "$HOME", ";");

        assertThat(cli.waitFor(45, TimeUnit.SECONDS)).isTrue();
        assertThat(cli.exitValue()).isZero();
        assertThat(Files.readString(tmp.resolve("cli.out")))
                .isEqualTo(other.toRealPath() + "\na b|$HOME|;|");
    }

    @Test
    @Timeout(60)
    void usageErrorExitsTwoWithOneLineAndUsage() throws Exception {
        Process cli = jvm.start(repo, tmp.resolve("cli"), Main.class, "run", "--queue", "build");

        assertThat(cli.waitFor(45, TimeUnit.SECONDS)).isTrue();
        assertThat(cli.exitValue()).isEqualTo(2);
        String err = Files.readString(tmp.resolve("cli.err"));
        assertThat(err.lines().findFirst()).hasValue("queue-lock: run: no command given (put it after --)");
        assertThat(err).contains("Usage: java -jar");
    }

    @Test
    @Timeout(60)
    void missingCommandExits127AndReleases() throws Exception {
        Process cli = jvm.start(repo, tmp.resolve("cli"), Main.class, "run", "--", "no-such-command-here");

        assertThat(cli.waitFor(45, TimeUnit.SECONDS)).isTrue();
        assertThat(cli.exitValue()).isEqualTo(127);
        assertThat(Files.readString(tmp.resolve("cli.err"))).contains("no-such-command-here", "command not found");

        Process next = jvm.start(repo, tmp.resolve("next"), Main.class, "run", "--", "true");
        assertThat(next.waitFor(45, TimeUnit.SECONDS)).isTrue();
        assertThat(next.exitValue()).isZero();
    }
}

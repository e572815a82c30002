package dev.queuelock.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Command lines that cannot run exit 2 with one line saying why, then the usage; nothing is started. */
class MainUsageTest {

    @TempDir
    Path tmp;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int main(String... args) {
        return Main.run(args, Map.of("TMPDIR", tmp.toString()), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    private String firstErrLine() {
        return err.toString(StandardCharsets.UTF_8).lines().findFirst().orElse("");
    }

    @ParameterizedTest(name = "[{0}]")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
        "\"\"                                   | queue-lock: no command given: use run or status",
        "launch                               | queue-lock: unknown command 'launch': use run or status",
        "run --frobnicate -- true             | queue-lock: run: unknown option '--frobnicate'",
        "run --queue                          | queue-lock: run: --queue needs a value",
        "run --queue ../etc -- true           | queue-lock: run: --queue: queue name must be letters, digits, '.', '_' or '-': ../etc",
        "run --stuck-warn soon -- true        | queue-lock: run: --stuck-warn: not a duration: 'soon' (use e.g. 200ms, 30s, 5m, 1h)",
        "run --poll-interval 0ms -- true      | queue-lock: run: --poll-interval: must be more than zero: '0ms'",
        "run --dir /no/such/dir -- true       | queue-lock: run: --dir: not a directory: /no/such/dir",
        "run --                               | queue-lock: run: no command given (put it after --)",
        "status extra                         | queue-lock: status: unexpected argument 'extra'",
        "status --json=yes                    | queue-lock: status: --json takes no value",
    })
    void usageErrorsExitTwo(String line, String message) {
        String[] args = line.isEmpty() ? new String[0] : line.split(" ");

        assertThat(main(args)).isEqualTo(2);
        assertThat(firstErrLine()).isEqualTo(message);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("Usage: java -jar");
        assertThat(out.size()).isZero();
    }

    @Test
    void helpPrintsUsageAndExitsZero() {
        assertThat(main("--help")).isZero();
        assertThat(main("run", "--help")).isZero();
        assertThat(main("status", "-h")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("Usage: java -jar", "Exit codes of run");
        assertThat(err.size()).isZero();
    }

    @Test
    void badEnvironmentDurationNamesTheVariable() {
        int code = Main.run(new String[] {"status"}, Map.of("TMPDIR", tmp.toString(), "QUEUELOCK_POLL_INTERVAL", "fast"),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(code).isEqualTo(2);
        assertThat(firstErrLine()).contains("QUEUELOCK_POLL_INTERVAL: not a duration: 'fast'");
    }

    @Test
    void statusOfAnEmptyQueueSaysNone() {
        assertThat(main("status", "--dir", tmp.toString())).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("holder:  none", "waiting: none");
    }
}

package dev.queuelock.land;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a failed check shows inline, read from its log (issue 12, item 6). */
class CheckFailuresTest {

    @TempDir
    Path dir;

    Path log(String text) throws IOException {
        return Files.writeString(dir.resolve("check.log"), text);
    }

    @Test
    void theSurefireSummaryWithEveryFailingTestEvenAfterAMultiLineMessage() throws Exception {
        Path log = log("[INFO] Running OptionsTest\n"
                + "[ERROR] Tests run: 9, Failures: 2, Errors: 1, Skipped: 0, Time elapsed: 0.1 s <<< FAILURE! -- in OptionsTest\n"
                + "[INFO] \n[INFO] Results:\n[INFO] \n"
                + "[ERROR] Failures: \n"
                + "[ERROR]   OptionsTest.testMissingOptionException:112 expected: <a> but was: <b>\n"
                + "[ERROR] second line of that message\n"
                + "[INFO] a line the message itself contains\n"
                + "[ERROR]   OptionsTest.testOther:40 boom\n"
                + "[ERROR] Errors: \n"
                + "[ERROR]   ParserTest.parse:7 » IllegalState\n"
                + "[INFO] \n"
                + "[ERROR] Tests run: 991, Failures: 2, Errors: 1, Skipped: 0\n"
                + "[INFO] BUILD FAILURE\n"
                + "[ERROR] Failed to execute goal ...surefire...: There are test failures.\n"
                + "[ERROR] -> [Help 1]\n");

        assertThat(CheckFailures.in(log)).containsExactly(
                "[ERROR] Failures: ",
                "[ERROR]   OptionsTest.testMissingOptionException:112 expected: <a> but was: <b>",
                "[ERROR]   OptionsTest.testOther:40 boom",
                "[ERROR] Errors: ",
                "[ERROR]   ParserTest.parse:7 » IllegalState",
                "[ERROR] Tests run: 991, Failures: 2, Errors: 1, Skipped: 0");
    }

    @Test
    void withoutTestsTheErrorsOfTheBuildWithoutMavensAdvice() throws Exception {
        Path log = log("[INFO] Compiling 3 source files\n"
                + "[ERROR] /src/Foo.java:[12,5] cannot find symbol\n"
                + "[ERROR] Failed to execute goal compiler:compile: Compilation failure\n"
                + "[ERROR] -> [Help 1]\n[ERROR] \n[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.\n");

        assertThat(CheckFailures.in(log)).containsExactly("[ERROR] /src/Foo.java:[12,5] cannot find symbol",
                "[ERROR] Failed to execute goal compiler:compile: Compilation failure");
    }

    @Test
    void anyOtherCheckShowsItsLastLinesAndALongListIsCut() throws Exception {
        assertThat(CheckFailures.in(log("one\ntwo\n\nthree\nfour\nfive\nsix\n"))).containsExactly("two", "three", "four", "five", "six");
        assertThat(CheckFailures.in(dir.resolve("missing.log"))).isEmpty();

        StringBuilder many = new StringBuilder("[ERROR] Failures: \n");
        for (int i = 0; i < 30; i++) {
            many.append("[ERROR]   T.t").append(i).append(":1 x\n");
        }
        assertThat(CheckFailures.in(log(many.toString()))).hasSize(CheckFailures.MAX_LINES + 1)
                .last().isEqualTo("... 11 more lines in the log");
    }
}

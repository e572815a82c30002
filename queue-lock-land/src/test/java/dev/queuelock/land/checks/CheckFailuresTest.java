package dev.queuelock.land.checks;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** What a failed check shows inline, read from its log, so nobody has to dig the log for it. */
class CheckFailuresTest {

    @TempDir
    Path dir;

    Path log(String text) throws IOException {
        return Files.writeString(dir.resolve("check.log"), text);
    }

    /** A real check log, as Maven printed it (only the download lines and the paths changed). */
    Path resource(String name) throws IOException, URISyntaxException {
        return Path.of(CheckFailuresTest.class.getResource("check-logs/" + name).toURI());
    }

    /** A JUnit 5 module (a multi-line AssertJ-shaped message, a one-line one, an error) and a JUnit 4 module, built with -fae. */
    @ParameterizedTest
    @ValueSource(strings = {"surefire-3.5.4-junit5-junit4-maven-3.8.7.log", "surefire-3.5.4-junit5-junit4-maven-4.0.0-rc-5.log",
        "surefire-2.22.2-junit5-junit4-maven-3.8.7.log"})
    void eachFailingTestWithTheFirstLinesOfItsMessageAsSurefirePrintsThem(String realLog) throws Exception {
        assertThat(CheckFailures.in(resource(realLog))).containsExactly(
                "[ERROR] Failures: ",
                "[ERROR]   GzipTest.multiLine:5->execute:6 ",
                "          Expecting actual:",
                "            \"HTTP/1.1 200 OK\\nContent-Type: text/plain\"",
                "          to contain:",
                "            \"Hello, world!\"",
                "[ERROR]   GzipTest.oneLine:7 expected: <2> but was: <6>",
                "[ERROR] Errors: ",
                "[ERROR]   GzipTest.error:8 IllegalState no connection",
                "[ERROR] Tests run: 4, Failures: 2, Errors: 1, Skipped: 0",
                "[ERROR] Failures: ",
                "[ERROR]   LegacyTest.multi:5 first line",
                "          Expecting value:",
                "            1",
                "          but was:",
                "            2",
                "[ERROR]   LegacyTest.one:6 expected:<[a]> but was:<[b]>",
                "[ERROR] Tests run: 2, Failures: 2, Errors: 0, Skipped: 0");
    }

    @Test
    void aFailsafeITsMessageIsCutAfterItsFirstLinesAndSaysHowManyMore() throws Exception {
        assertThat(CheckFailures.in(resource("failsafe-3.5.4-junit4-maven-3.8.7.log"))).containsExactly(
                "[ERROR] Failures: ",
                "[ERROR]   ServerIT.answers:4 ",
                "          Expecting actual:",
                "            \"503\"",
                "          to be equal to:",
                "            \"200\"",
                "          ... 1 more line of this message in the log",
                "[ERROR] Tests run: 1, Failures: 1, Errors: 0, Skipped: 0");
    }

    /** Reruns on (the check's default): a test that failed both runs the same way reads as without reruns, plus one line. */
    @Test
    void aTestThatFailedEveryRunTheSameWayIsShownOnce() throws Exception {
        assertThat(CheckFailures.in(resource("surefire-failsafe-3.5.4-reruns-junit4-maven-3.8.7.log"))).containsExactly(
                "[ERROR] Failures: ",
                "[ERROR]   GreetingTest.greetsTheWorld:14 ",
                "          Expecting actual:",
                "            \"Hello, world!\\n<!-- greeting -->\"",
                "          to be equal to:",
                "            \"Hello, world!\"",
                "          ... 1 more line of this message in the log",
                "          failed the same way on all 2 runs",
                "[ERROR] Tests run: 1, Failures: 1, Errors: 0, Skipped: 0",
                "[ERROR] Failures: ",
                "[ERROR]   ServerIT.answersOk:14 ",
                "          Expecting actual:",
                "            \"200\\n<!-- s -->\"",
                "          to contain:",
                "            \"200\"",
                "          ... 2 more lines of this message in the log",
                "          failed the same way on all 2 runs",
                "[ERROR] Tests run: 1, Failures: 1, Errors: 0, Skipped: 0");
    }

    @Test
    void aRunThatFailedOtherwiseIsShownWithItsNumber() throws Exception {
        assertThat(CheckFailures.in(log("[ERROR] Failures: \n[ERROR] a.T.t\n[ERROR]   Run 1: T.t:3 expected: <1> but was: <2>\n"
                + "[ERROR]   Run 2: T.t:3 expected: <1> but was: <3>\n[INFO] \n[ERROR] Tests run: 1, Failures: 1, Errors: 0, Skipped: 0\n")))
                .containsExactly("[ERROR] Failures: ", "[ERROR]   T.t:3 expected: <1> but was: <2>",
                        "[ERROR]   Run 2: T.t:3 expected: <1> but was: <3>", "          failed on all 2 runs",
                        "[ERROR] Tests run: 1, Failures: 1, Errors: 0, Skipped: 0");
    }

    @Test
    void testNgFailuresReadTheSame() throws Exception {
        assertThat(CheckFailures.in(resource("surefire-3.5.4-testng-maven-3.8.7.log"))).containsExactly(
                "[ERROR] Failures: ",
                "[ERROR]   NgTest.equal:5 expected [2] but found [6]",
                "[ERROR]   NgTest.multi:6 ",
                "          Expecting actual:",
                "            [1, 2]",
                "          to contain:",
                "            [3]",
                "[ERROR] Tests run: 2, Failures: 2, Errors: 0, Skipped: 0");
    }

    @Test
    void aLongLineIsCutAndManyFailuresEndWithHowManyMoreTestsTheLogHas() throws Exception {
        StringBuilder many = new StringBuilder("[INFO] Results:\n[INFO] \n[ERROR] Failures: \n");
        for (int i = 0; i < 10; i++) {
            many.append("[ERROR]   T.t").append(i).append(":1 \nExpecting actual:\n  \"").append("x".repeat(300))
                    .append("\"\nto contain:\n  \"y\"\nbut could not find:\n  \"y\"\n");
        }
        List<String> shown = CheckFailures.in(log(many.append("[INFO] \n[ERROR] Tests run: 10, Failures: 10, Errors: 0, Skipped: 0\n").toString()));

        assertThat(shown).hasSize(CheckFailures.MAX_LINES + 1).allSatisfy(line -> assertThat(line.length()).isLessThanOrEqualTo(CheckFailures.WIDTH));
        assertThat(shown.subList(1, 7)).containsExactly("[ERROR]   T.t0:1 ", "          Expecting actual:",
                "            \"" + "x".repeat(CheckFailures.WIDTH - 3 - 13) + "...", "          to contain:",
                "            \"y\"", "          ... 2 more lines of this message in the log");
        assertThat(shown.get(CheckFailures.MAX_LINES)).isEqualTo("... 32 more lines in the log (5 more failing tests)");
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

        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            many.append("[ERROR] /src/T").append(i).append(".java:[1,1] cannot find symbol\n");
        }
        assertThat(CheckFailures.in(log(many.toString()))).hasSize(CheckFailures.MAX_LINES + 1)
                .last().isEqualTo("... 10 more lines in the log");
    }
}

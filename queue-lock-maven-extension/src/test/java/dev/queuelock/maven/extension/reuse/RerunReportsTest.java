package dev.queuelock.maven.extension.reuse;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.build.TestReruns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A module whose test passed only when run again is no pass to reuse; a clean pass, or a build that reran nothing, is. */
class RerunReportsTest {

    private static final String PASSED = "<testsuite name=\"shop.AppTest\" tests=\"1\" failures=\"0\">"
            + "<testcase name=\"adds\" classname=\"shop.AppTest\" time=\"0.01\"/></testsuite>";
    /** What surefire writes for a test that failed, then passed on its rerun. */
    private static final String FLAKY = "<testsuite name=\"shop.AppTest\" tests=\"1\" failures=\"0\" flakes=\"1\">"
            + "<testcase name=\"adds\" classname=\"shop.AppTest\" time=\"0.01\"><flakyFailure message=\"expected 3\" type=\"AssertionError\"/>"
            + "</testcase></testsuite>";

    @TempDir
    Path target;

    @Test
    void aTestThatPassedOnItsRerunMakesTheModulesPassNoPassToReuse() throws Exception {
        write("surefire-reports/TEST-shop.AppTest.xml", PASSED);
        write("failsafe-reports/TEST-shop.AppIT.xml", FLAKY);

        assertThat(RerunReports.rerunIn(target, reruns(TestReruns.FAILSAFE, "1"))).isTrue();
    }

    @Test
    void aCleanPassUnderRerunsIsAPass() throws Exception {
        write("surefire-reports/TEST-shop.AppTest.xml", PASSED);

        assertThat(RerunReports.rerunIn(target, reruns(TestReruns.SUREFIRE, "1"))).isFalse();
    }

    @Test
    void withoutRerunsNothingWasRunAgainWhateverTheReportsSay() throws Exception {
        write("surefire-reports/TEST-shop.AppTest.xml", FLAKY); // a report left from an earlier build
        assertThat(RerunReports.rerunIn(target, new Properties())).isFalse();
        assertThat(RerunReports.rerunIn(target, reruns(TestReruns.SUREFIRE, "0"))).isFalse();
    }

    private void write(String path, String text) throws Exception {
        Path file = target.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }

    private static Properties reruns(String key, String count) {
        Properties user = new Properties();
        user.setProperty(key, count);
        return user;
    }
}

package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.Timing;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A failed check is read in land's report, not dug out of a log: when a lane's check build fails,
 * the report names each failing test with the first lines of its message, also one that spans
 * lines as AssertJ's do; real {@code mvn verify} check builds of a project with two modules, one
 * failing in surefire, the other in failsafe.
 */
class FailedCheckReportIT {

    private static final Duration LAND = Timing.forMaven();

    @ProjectOnMain("two-modules")
    LandingRepo repo;

    @Test
    @Timeout(400)
    void aUnitTestsMessageOfSeveralLinesComesBesideItsName() throws Exception {
        Path lane = repo.lane("greeting", "app/greeting.txt", "main");

        List<String> report = refused(lane, "land-greeting");

        assertThat(failures(report)).containsExactly(
                "Failures: ",
                "  GreetingTest.greetsTheWorld:14 ",
                "          Expecting actual:",
                "            \"Hello, world!\\n<!-- greeting -->\"",
                "          to be equal to:",
                "            \"Hello, world!\"",
                "          ... 1 more line of this message in the log",
                "          failed the same way on all 2 runs",
                "Tests run: 1, Failures: 1, Errors: 0, Skipped: 0");
    }

    @Test
    @Timeout(400)
    void aFailsafeITsMessageOfSeveralLinesComesBesideItsName() throws Exception {
        Path lane = repo.lane("status", "server/status.txt", "main");

        List<String> report = refused(lane, "land-status");

        assertThat(failures(report)).containsExactly(
                "Failures: ",
                "  ServerIT.answersOk:14 ",
                "          Expecting actual:",
                "            \"200\\n<!-- status -->\"",
                "          to contain:",
                "            \"200\"",
                "          ... 2 more lines of this message in the log",
                "          failed the same way on all 2 runs",
                "Tests run: 1, Failures: 1, Errors: 0, Skipped: 0");
    }

    /** Lands {@code lane}, which must be refused; the report's lines, from "checks failed" to the log's name. */
    private List<String> refused(Path lane, String name) throws Exception {
        MavenRun land = repo.mvn(lane, name, "queuelock:land", "-Dqueuelock.land.checkGoals=verify");
        assertThat(land.awaitExit(LAND)).as(land.log()).isNotZero();
        assertThat(repo.remoteSubjects("main")).as("nothing pushed").containsExactly("two modules", "project");
        List<String> lines = List.of(land.log().split("\n"));
        int from = indexOf(lines, "checks failed on the rebased commit", land);
        int to = indexOf(lines, "Log: ", land);
        assertThat(lines.get(to)).as("the full log is named").contains(".git/queuelock/logs/" + name.substring(5) + "-");
        // Maven prints each line of the goal's failure as "[ERROR] <line>"; land indents the failures by 4, without their own tags.
        return lines.subList(from, to + 1).stream().map(l -> l.replaceFirst("^\\[ERROR\\] (    )?", ""))
                .collect(Collectors.toList());
    }

    /** What the report shows between its first line and the log's name. */
    private static List<String> failures(List<String> report) {
        return report.subList(1, report.size() - 1);
    }

    private static int indexOf(List<String> lines, String text, MavenRun land) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        throw new AssertionError("no '" + text + "' in land's report:\n" + land.log());
    }
}

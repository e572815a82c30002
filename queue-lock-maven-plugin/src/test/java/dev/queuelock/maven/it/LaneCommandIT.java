package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A lane without Claude Code, as a user types it (not as we would). The README's line, read from README.md,
 * runs verbatim through {@code sh -c} on the Mavens users run; Debian's Maven 3.8.7 used to end its
 * output with jansi's reset code on a line of its own, which {@code tail -n 1} gave to {@code cd}. And
 * on Maven 3.8.7, what a lane's resolver cannot keep apart is said by its first build only.
 */
class LaneCommandIT {

    private static final Duration MVN = Timing.forMaven();
    private static final Path TOP = Path.of("..").toAbsolutePath().normalize();
    /** The README's way into a lane: {@code (without Claude Code: `<command>`)}. */
    private static final Pattern README_COMMAND = Pattern.compile("without Claude Code: `([^`]+)`");
    /** Maven on PATH (Debian's 3.8.7 here) rather than one the build unpacked. */
    private static final String ON_PATH = "mvn on PATH";

    @TempDir
    Path work;

    LandingRepo repo;

    @BeforeEach
    void repoWithRemote() throws Exception {
        repo = LandingRepo.create(work, "shop", "main", true);
        // The README's command has no -D: the IT repository comes from the project's config.
        Files.writeString(repo.main.resolve(".mvn/maven.config"), "-Dmaven.repo.local=" + MavenRun.IT_REPO + "\n",
                StandardCharsets.UTF_8);
        repo.commitAndPush("the IT repository");
    }

    @AfterEach
    void stop() {
        repo.close();
    }

    static List<String> mavens() {
        List<String> mavens = new ArrayList<>(List.of(ON_PATH));
        mavens.addAll(MavenRun.otherMavens());
        return mavens;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("mavens")
    @Timeout(300)
    void theReadmesLaneCommandEntersTheNewLaneAndItsPortIsTheWholeAnswer(String maven) throws Exception {
        String command = readmeCommand();
        String line = command + " && pwd -P && P=$(mvn -q queuelock:port) && printf 'port=%s|\\n' \"$P\"";
        String path = ON_PATH.equals(maven) ? System.getenv("PATH") : MavenRun.binOf(maven) + ":" + System.getenv("PATH");
        Files.createDirectories(repo.tmp());
        MavenRun shell = repo.track(MavenRun.hook(repo.main, repo.tmp(), work.resolve("sh.out"), work.resolve("sh.err"), "",
                line, path));

        int exit = shell.awaitExit(MVN);
        String err = Files.readString(work.resolve("sh.err"), StandardCharsets.UTF_8);
        assertThat(exit).as(shell.log() + err).isZero();
        Path lane = repo.main.resolveSibling("shop-lane-1");
        assertThat(shell.log()).as("in the lane, and the port alone, with no escape code after it")
                .isEqualTo(lane + "\nport=8081|\n");
        assertThat(LandingRepo.git(repo.main, "worktree", "list", "--porcelain").lines().filter(l -> l.startsWith("worktree ")))
                .as("one lane made").hasSize(2);
    }

    @Test
    void theLanesPageGivesTheReadmesCommand() throws IOException {
        assertThat(Files.readString(TOP.resolve("src/site/markdown/lanes.md"), StandardCharsets.UTF_8)).contains("`" + readmeCommand() + "`");
    }

    /** Said by a lane's first build, not by every build in it: a line repeated in each build is a line nobody reads. */
    @Test
    @Timeout(300)
    void onMaven38ALanesFirstBuildAloneSaysWhatItsResolverCannotKeepApart() throws Exception {
        Path lane = repo.main.resolveSibling("shop-lane-1");
        LandingRepo.git(repo.main, "worktree", "add", "-q", "-b", "lane/1", lane.toString(), "HEAD");
        String notice = "[INFO] Local repository: resolver 1.6 cannot keep lane shop-lane-1's installs apart";

        MavenRun first = repo.mvn(lane, "first", "-V", "validate");
        assertThat(first.awaitExit(MVN)).as(first.log()).isZero();
        MavenRun second = repo.mvn(lane, "second", "validate");
        assertThat(second.awaitExit(MVN)).as(second.log()).isZero();

        assertThat(first.log()).as("Maven 3.8.7 on PATH").contains("Apache Maven 3.8.7", notice);
        assertThat(second.log()).contains("BUILD SUCCESS").doesNotContain("resolver 1.6");
    }

    private static String readmeCommand() throws IOException {
        Matcher command = README_COMMAND.matcher(Files.readString(TOP.resolve("README.md"), StandardCharsets.UTF_8));
        assertThat(command.find()).as("README.md gives the lane command as: without Claude Code: `...`").isTrue();
        return command.group(1);
    }
}

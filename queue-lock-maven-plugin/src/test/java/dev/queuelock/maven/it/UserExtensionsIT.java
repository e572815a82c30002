package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code init -Dqueuelock.init.scope=user} on real Mavens, each with a {@code user.home} of the
 * test's own (the real {@code ~/.m2/extensions.xml} is never read or written): the user's file
 * makes every build queue, a repository that lists queue-lock too loads it once (one build lock,
 * no deadlock on the one slot), uninstall takes it out again, and Maven 3.9 is refused.
 */
class UserExtensionsIT {

    private static final String PLUGIN = "dev.queuelock:queue-lock-maven-plugin:" + TestRepos.VERSION + ":";
    private static final String USER_SCOPE = "-Dqueuelock.init.scope=user";
    private static final Duration MVN = Duration.ofSeconds(120);

    @TempDir
    Path work;

    private final List<MavenRun> runs = new ArrayList<>();

    @AfterEach
    void stopMavens() {
        runs.forEach(MavenRun::close);
    }

    static List<String> mavensReadingUserExtensions() {
        return List.of(MavenRun.maven310(), MavenRun.maven4());
    }

    @ParameterizedTest(name = "Maven {0}")
    @MethodSource("mavensReadingUserExtensions")
    @Timeout(400)
    void initForTheUserQueuesEveryBuildOnceAndUninstallTakesItOut(String maven) throws Exception {
        Path home = Files.createDirectories(work.resolve("home"));
        Path userFile = home.resolve(".m2/extensions.xml");
        Path plain = Files.createDirectories(work.resolve("plain")); // a project that lists no extension
        Files.writeString(plain.resolve("pom.xml"), TestPoms.text("hold.xml"), StandardCharsets.UTF_8);
        Path listing = TestRepos.repoWithWorktrees(work.resolve("listing")).get(0); // its .mvn/extensions.xml lists queue-lock

        String init = ok(mvn(maven, home, work, "init", PLUGIN + "init", USER_SCOPE));
        assertThat(init).contains(userFile + ": created with the queue-lock extension", "every build of yours on Maven 3.10 or 4 now queues");
        assertThat(Files.readString(userFile)).contains("<artifactId>queue-lock-maven-extension</artifactId>");

        assertThat(ok(mvn(maven, home, plain, "plain", "validate"))).as("queued through the user's file alone")
                .contains("Build lock acquired (");
        String both = ok(mvn(maven, home, listing, "listed-twice", "validate"));
        assertThat(both.split("Build lock acquired \\(", -1)).as("one build lock taken, not two: %s", both).hasSize(2);

        // The user's file lists the extension, so the prefix works anywhere.
        assertThat(ok(mvn(maven, home, work, "uninstall", "queuelock:uninstall", USER_SCOPE)))
                .contains(userFile + ": removed (it listed only queue-lock)");
        assertThat(userFile).doesNotExist();
    }

    @Test
    @Timeout(120)
    void maven39ReadsNoUserFileSoInitRefusesWhileUninstallStillTakesTheEntryOut() throws Exception {
        Path home = Files.createDirectories(work.resolve("home"));
        MavenRun init = mvn(MavenRun.maven39(), home, work, "init", PLUGIN + "init", USER_SCOPE);
        assertThat(init.awaitExit(MVN)).as(init.log()).isNotZero();
        assertThat(init.log()).contains("Maven " + MavenRun.maven39() + " reads no user-wide extensions file", "Nothing was written.");
        assertThat(home.resolve(".m2")).doesNotExist();

        // Written by init on another Maven; the user now runs 3.9.
        Path userFile = Files.createDirectories(home.resolve(".m2")).resolve("extensions.xml");
        Files.writeString(userFile, "<extensions><extension><groupId>other</groupId><artifactId>ext</artifactId><version>1</version>"
                + "</extension><extension><groupId>dev.queuelock</groupId><artifactId>queue-lock-maven-extension</artifactId>"
                + "<version>" + TestRepos.VERSION + "</version></extension></extensions>\n");
        assertThat(ok(mvn(MavenRun.maven39(), home, work, "uninstall", PLUGIN + "uninstall", USER_SCOPE)))
                .contains(userFile + ": queue-lock extension taken out, everything else kept");
        assertThat(userFile).content().isEqualTo("<extensions><extension><groupId>other</groupId><artifactId>ext</artifactId>"
                + "<version>1</version></extension></extensions>\n");
    }

    private MavenRun mvn(String maven, Path home, Path dir, String name, String... args) throws Exception {
        Path tmp = Files.createDirectories(work.resolve("tmp"));
        Map<String, String> env = MavenRun.userHome(home);
        MavenRun run = MavenRun.startOn(maven, env, MavenRun.IT_REPO, dir, tmp, work.resolve(name + ".log"), args);
        runs.add(run);
        return run;
    }

    private static String ok(MavenRun run) throws InterruptedException {
        assertThat(run.awaitExit(MVN)).as(run.log()).isZero();
        return run.log();
    }
}

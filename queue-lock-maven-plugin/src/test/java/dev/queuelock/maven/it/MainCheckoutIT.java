package dev.queuelock.maven.it;

import static dev.queuelock.maven.it.LandingRepo.git;
import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.TestGit;
import dev.queuelock.testsupport.Timing;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The main checkout as people use it beside the lanes: {@code queuelock:sync} brings it up to
 * date around their own edits, and the pre-push guard follows the settings they change later.
 */
class MainCheckoutIT {

    private static final Duration MVN = Timing.forMaven();

    @TempDir
    Path work;

    LandingRepo repo;

    @BeforeEach
    void repoWithRemote() throws Exception {
        repo = LandingRepo.create(work, "main", true);
    }

    @AfterEach
    void stopMavens() {
        repo.close();
    }

    @Test
    @Timeout(300)
    void syncFastForwardsPastAnUnrelatedEditKeepingItByteForByteAndNamesAFileInTheWay() throws Exception {
        Path main = repo.main;
        byte[] edit = "marks*\r\nmy own, unrelated edit: CRLF and no final newline".getBytes(StandardCharsets.UTF_8);
        Files.write(main.resolve(".gitignore"), edit);
        Path lane = repo.lane("pushed", "pushed.txt", "main");
        git(lane, "push", "-q", "origin", "HEAD:main");
        String pushed = git(lane, "rev-parse", "HEAD");

        MavenRun sync = repo.mvn(lane, "sync", "queuelock:sync");

        assertThat(sync.awaitExit(MVN)).as(sync.log()).isZero();
        assertThat(git(main, "rev-parse", "HEAD")).as("main checkout fast-forwarded").isEqualTo(pushed);
        assertThat(Files.readAllBytes(main.resolve(".gitignore"))).as("the edit, byte for byte").isEqualTo(edit);
        assertThat(sync.log()).contains("main checkout " + main.toRealPath() + " is at origin/main");
        assertThat(warnings(sync.log())).isEmpty();

        Path next = repo.lane("touches-the-edit", ".gitignore", "main");
        git(next, "push", "-q", "origin", "HEAD:main");

        MavenRun blocked = repo.mvn(next, "sync-blocked", "queuelock:sync");

        assertThat(blocked.awaitExit(MVN)).as(blocked.log()).isZero();
        assertThat(warnings(blocked.log())).singleElement().asString().contains("could not be fast-forwarded to origin/main;"
                + " left as is: in the way of the incoming commits: local changes to .gitignore; commit, stash or move them");
        assertThat(git(main, "rev-parse", "HEAD")).isEqualTo(pushed);
        assertThat(Files.readAllBytes(main.resolve(".gitignore"))).isEqualTo(edit);
    }

    @Test
    @Timeout(300)
    void aBranchProtectedInMavenConfigAfterInitIsGuardedAtTheNextPush() throws Exception {
        Path main = repo.main;
        MavenRun init = repo.mvn(main, "init", "dev.queuelock:queue-lock-maven-plugin:" + TestRepos.VERSION + ":init");
        assertThat(init.awaitExit(MVN)).as(init.log()).isZero();
        Path lane = repo.lane("topic", "topic.txt", "main");
        TestGit.Result before = LandingRepo.tryGit(lane, "push", "origin", "HEAD:refs/heads/release");
        assertThat(before.exit).as("not protected yet: " + before.out).isZero();

        Files.writeString(main.resolve(".mvn/maven.config"), "-Dqueuelock.land.protectedBranches=release,hotfix\n",
                StandardCharsets.UTF_8);
        Files.writeString(lane.resolve("topic.txt"), "more\n", StandardCharsets.UTF_8);
        git(lane, "commit", "-q", "-am", "more topic work");

        TestGit.Result after = LandingRepo.tryGit(lane, "push", "origin", "HEAD:refs/heads/release");
        assertThat(after.exit).as(after.out).isNotZero();
        assertThat(after.out).contains("direct push to 'release' refused").contains("mvn queuelock:land");
        TestGit.Result lanePush = LandingRepo.tryGit(lane, "push", "origin", "HEAD:refs/heads/topic");
        assertThat(lanePush.exit).as("a lane's own branch pushes freely: " + lanePush.out).isZero();
    }

    @Test
    @Timeout(300)
    void aKeyUnderItsFormerNameInMavenConfigIsReadWithAWarningNamingItsNewName() throws Exception {
        Path main = repo.main;
        Files.createDirectories(main.resolve(".mvn"));
        Files.writeString(main.resolve(".mvn/maven.config"), "-Dqueuelock.pushRetries=5\n", StandardCharsets.UTF_8);

        MavenRun config = repo.mvn(main, "config", "dev.queuelock:queue-lock-maven-plugin:" + TestRepos.VERSION + ":config");

        assertThat(config.awaitExit(MVN)).as(config.log()).isZero();
        assertThat(config.log()).contains("[WARNING] queuelock.pushRetries is now queuelock.land.pushRetries: rename it where it is set")
                .contains("queuelock.land.pushRetries = 5 (set)");
    }

    /** A typo in a key, in .mvn/maven.config or -D, is said once in a session of a build and a goal, with the key meant. */
    @Test
    @Timeout(300)
    void anUnknownKeyIsOneWarningPerSessionNamingTheNearestKey() throws Exception {
        Path main = repo.main;
        Files.createDirectories(main.resolve(".mvn"));
        Files.writeString(main.resolve(".mvn/maven.config"), "-Dqueuelock.land.paralel=2\n", StandardCharsets.UTF_8);

        MavenRun build = repo.mvn(main, "validate-and-config", "validate", "queuelock:config", "-Dqueuelock.foo=1");

        assertThat(build.awaitExit(MVN)).as(build.log()).isZero();
        // Debian's Maven 3.8.7 starts its output with colour codes even in batch mode: each line from [WARNING] on.
        assertThat(build.log().lines().filter(l -> l.contains("is not a queue-lock key")).map(l -> l.substring(l.indexOf("[WARNING]"))))
                .as(build.log()).containsExactlyInAnyOrder(
                "[WARNING] queuelock.land.paralel is not a queue-lock key, so nothing reads it: did you mean queuelock.land.parallel?",
                "[WARNING] queuelock.foo is not a queue-lock key, so nothing reads it, nor near one: mvn queuelock:config lists"
                        + " every key (so does the configuration page).");

        MavenRun plain = repo.mvn(main, "plain", "validate", "-Dqueuelock.land.parallel=2");
        assertThat(plain.awaitExit(MVN)).as(plain.log()).isZero();
        assertThat(plain.log()).as("a build of its own").contains("did you mean queuelock.land.parallel?")
                .doesNotContain("queuelock.land.parallel is not");
    }

    /** The log's warnings but Maven 4's own about repository metadata it cannot fetch here ({@code prefixes.txt}). */
    private static java.util.List<String> warnings(String log) {
        return log.lines().filter(line -> line.startsWith("[WARNING]") && !line.contains("Could not transfer metadata"))
                .collect(java.util.stream.Collectors.toList());
    }
}

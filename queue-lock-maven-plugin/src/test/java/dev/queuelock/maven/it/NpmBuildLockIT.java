package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.NpmPackage;
import dev.queuelock.testsupport.ProcessTree;
import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** A Maven build and the npm tool's {@code build-lock} in one repository share one build queue. */
class NpmBuildLockIT {

    private static final Duration START = Timing.forMavenToStart();

    @TempDir
    Path work;

    private final List<MavenRun> runs = new ArrayList<>();
    private Process npm;

    @BeforeAll
    static void installTheNpmTool() throws Exception {
        NpmPackage.install(); // the one installer, shared with the core's interop tests
    }

    @AfterEach
    void stopAll() {
        runs.forEach(MavenRun::close);
        if (npm != null) {
            ProcessTree.destroy(npm);
        }
    }

    @Test
    @Timeout(300)
    void mavenAndNpmBuildLockTakeTurnsInOneQueue() throws Exception {
        Path repo = TestRepos.repoWithWorktrees(work.resolve("repo"), "lane-npm", "lane-c").get(0);
        Path tmp = Files.createDirectories(work.resolve("tmp"));
        Path marks = work.resolve("marks.txt");
        Path releaseA = work.resolve("release-a");

        MavenRun a = mvn(repo, tmp, "mvn-a", "validate", "-Dname=mvn-a", "-Drelease=" + releaseA, "-Dmarks=" + marks)
                .awaitLog("Build lock acquired (the main checkout, repo queue).", START);

        Path script = work.resolve("hold.sh");
        Files.writeString(script, "echo 'start npm' >> \"$1\"\nsleep 1\necho 'end npm' >> \"$1\"\n", StandardCharsets.UTF_8);
        Path npmLog = work.resolve("npm.log");
        ProcessBuilder pb = new ProcessBuilder("node", NpmPackage.bin().toString(), "build-lock", "--", "sh", script.toString(), marks.toString())
                .directory(work.resolve("lane-npm").toFile()).redirectErrorStream(true).redirectOutput(npmLog.toFile());
        pb.environment().put("TMPDIR", tmp.toString());
        npm = pb.start();
        org.awaitility.Awaitility.await().atMost(START)
                .until(() -> Files.readString(npmLog).contains("next up"));

        MavenRun c = mvn(work.resolve("lane-c"), tmp, "mvn-c", "validate", "-Dname=mvn-c", "-Dmarks=" + marks)
                .awaitLog("Build queue: 1 build ahead; lane repo (validate)", START);
        Files.createFile(releaseA);

        assertThat(a.awaitExit(Duration.ofSeconds(90))).as(a.log()).isZero();
        assertThat(npm.waitFor(90, TimeUnit.SECONDS)).isTrue();
        assertThat(npm.exitValue()).as(Files.readString(npmLog)).isZero();
        assertThat(c.awaitExit(Duration.ofSeconds(90))).as(c.log()).isZero();

        assertThat(Files.readAllLines(marks, StandardCharsets.UTF_8))
                .containsExactly("start mvn-a", "end mvn-a", "start npm", "end npm", "start mvn-c", "end mvn-c");
        // The Maven waiter names the npm holder, label and all, from the npm tool's lock file.
        assertThat(c.log()).contains("Build queue: next up; lane lane-npm (sh " + script);
    }

    private MavenRun mvn(Path dir, Path tmp, String name, String... args) throws IOException {
        MavenRun run = MavenRun.start(dir, tmp, work.resolve(name + ".log"), args);
        runs.add(run);
        return run;
    }
}

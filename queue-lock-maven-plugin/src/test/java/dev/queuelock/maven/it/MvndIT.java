package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Issue 30, under the Maven Daemon (mvnd 1.x on Maven 3.9, 2.x on Maven 4), each distribution of
 * {@code ../shared/mvnd/} unpacked into {@code target/mvnd/}, its daemons registered in the test's
 * own storage and stopped at the end: a goal's answer reaches the client's standard output alone
 * under {@code -q}, and consecutive builds in one daemon each take and give back the build lock.
 */
class MvndIT {

    private static final Duration MVN = Timing.forMaven();
    /** The distributions for tests, beside the repository (see its README). */
    private static final Path DISTRIBUTIONS = Path.of(System.getProperty("queuelock.it.mvndDists", "../../shared/mvnd")).toAbsolutePath();

    @TempDir
    Path work;

    private Path mvnd;

    static List<String> distributions() throws IOException {
        if (!Files.isDirectory(DISTRIBUTIONS)) {
            return List.of("none");
        }
        try (Stream<Path> files = Files.list(DISTRIBUTIONS)) {
            return files.map(f -> f.getFileName().toString()).filter(n -> n.matches("maven-mvnd-.*\\.tar\\.gz")).sorted()
                    .collect(Collectors.toList());
        }
    }

    @AfterEach
    void stopDaemons() throws Exception {
        if (mvnd != null) {
            run(work, "stop", "--stop");
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("distributions")
    void answersReachTheClientAndEachBuildTakesAndGivesBackTheLock(String distribution) throws Exception {
        assumeTrue(!distribution.equals("none"), "no mvnd distributions at " + DISTRIBUTIONS);
        mvnd = unpack(distribution);
        Path main = TestRepos.repoWithWorktrees(work.resolve("shop")).get(0);
        Path lane = work.resolve("shop-lane-2");
        TestRepos.git(main, "worktree", "add", "-q", "-b", "lane/2", lane.toString());

        assertThat(run(lane, "port", "-q", "queuelock:port")).as("$(mvnd -q queuelock:port)").isEqualTo("8082");
        for (int build = 1; build <= 2; build++) {
            String out = run(lane, "build-" + build, "-B", "validate", "-Drelease=" + lane);
            assertThat(out).contains("Build lock acquired (lane shop-lane-2, repo queue).", "BUILD SUCCESS");
        }
        String status = run(lane, "status", "-q", "queuelock:status");
        assertThat(status).contains("build queue (repo scope)").contains("holder: none");
    }

    /** Unpacks the distribution into target/mvnd once; its client launcher. */
    private static Path unpack(String distribution) throws Exception {
        Path into = Path.of("target/mvnd").toAbsolutePath();
        Path home = into.resolve(distribution.replace("-linux-amd64.tar.gz", "-linux-amd64"));
        if (!Files.isDirectory(home)) {
            Files.createDirectories(into);
            Process tar = new ProcessBuilder("tar", "xzf", DISTRIBUTIONS.resolve(distribution).toString(), "-C", into.toString())
                    .inheritIO().start();
            assertThat(tar.waitFor(120, TimeUnit.SECONDS) && tar.exitValue() == 0).as("tar xzf " + distribution).isTrue();
        }
        return home.resolve("bin/mvnd.sh");
    }

    /** Runs the mvnd client in {@code dir}; its standard output (standard error goes to a log of its own). */
    private String run(Path dir, String name, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(mvnd.toString(), "-Dmaven.repo.local=" + MavenRun.IT_REPO));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(work.resolve(name + ".out").toFile()).redirectError(work.resolve(name + ".err").toFile());
        pb.environment().put("MVND_DAEMON_STORAGE", work.resolve("mvnd-storage").toString());
        pb.environment().put("TMPDIR", Files.createDirectories(work.resolve("tmp")).toString());
        pb.environment().remove("QUEUELOCK_SKIP");
        // mvnd's Java client warns on standard output when it has no terminal; a dumb one is asked for.
        pb.environment().put("MAVEN_OPTS", "-Dorg.jline.terminal.dumb=true -Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        Process client = pb.start();
        assertThat(client.waitFor(MVN.toSeconds(), TimeUnit.SECONDS)).as(name + " ends").isTrue();
        String out = Files.readString(work.resolve(name + ".out"), StandardCharsets.UTF_8).strip();
        assertThat(client.exitValue()).as(name + ": " + out + Files.readString(work.resolve(name + ".err"))).isZero();
        return out;
    }
}

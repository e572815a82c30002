package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The extension (compiled for Java 11) on a Maven that runs on JDK 25, where one is installed:
 * Maven 3.8.7 from PATH with {@code JAVA_HOME} at it. What depends on the JDK is the extension's
 * lock, queue and process checks inside the user's Maven; one build holds the lock, a lane's build
 * waits for it and gets it after. Skipped, with the reason, where no JDK 25 is found.
 */
class Jdk25IT {

    /** A JDK's home with its {@code release} file, given or looked for here. */
    static final String JDK_PROPERTY = "queuelock.it.jdk25";
    private static final List<Path> JDK_DIRS = List.of(Path.of("/usr/lib/jvm"), Path.of("/opt"));
    private static final Duration START = Timing.forMavenToStart();
    private static final String NEVER = "/nonexistent/queuelock-it-release";

    @TempDir
    Path work;

    private final List<MavenRun> runs = new ArrayList<>();

    @AfterEach
    void stopMavens() {
        runs.forEach(MavenRun::close);
    }

    @Test
    @Timeout(240)
    void aLanesBuildWaitsForTheHolderAndGetsTheLockOnJdk25() throws Exception {
        Optional<Path> jdk = jdk25();
        Assumptions.assumeTrue(jdk.isPresent(), "no JDK 25 found (-D" + JDK_PROPERTY + "=<its home>, else the first in " + JDK_DIRS + ")");
        Map<String, String> env = Map.of("JAVA_HOME", jdk.get().toString());
        List<Path> tops = TestRepos.repoWithWorktrees(work.resolve("a"), "b");
        MavenRun version = mvn(env, tops.get(0), "version", "-v");
        assertThat(version.awaitExit(Duration.ofSeconds(60))).as(version.log()).isZero();
        assertThat(version.log()).as("the Maven runs on JDK 25").contains("Java version: 25");

        MavenRun holder = mvn(env, tops.get(0), "holder", "validate", "-Drelease=" + NEVER)
                .awaitLog("Build lock acquired (the main checkout, repo queue).", START);
        MavenRun waiter = mvn(env, tops.get(1), "waiter", "validate").awaitLog("Build queue: next up; lane a (validate)", START);
        holder.process().destroy();

        assertThat(waiter.awaitExit(Duration.ofSeconds(90))).as(waiter.log()).isZero();
        assertThat(waiter.log()).contains("Build lock acquired after waiting");
    }

    private MavenRun mvn(Map<String, String> env, Path dir, String name, String... args) throws IOException {
        Path tmp = Files.createDirectories(work.resolve("tmp"));
        MavenRun run = MavenRun.startOn(null, env, MavenRun.IT_REPO, dir, tmp, work.resolve(name + ".log"), args);
        runs.add(run);
        return run;
    }

    /** The JDK 25 named by {@value #JDK_PROPERTY}, else the first found under {@link #JDK_DIRS}. */
    static Optional<Path> jdk25() throws IOException {
        String given = System.getProperty(JDK_PROPERTY, "");
        if (!given.isBlank()) {
            return Optional.of(Path.of(given)).filter(Jdk25IT::isJdk25);
        }
        for (Path dir : JDK_DIRS) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> homes = Files.list(dir)) {
                    Optional<Path> found = homes.sorted().filter(Jdk25IT::isJdk25).findFirst();
                    if (found.isPresent()) {
                        return found;
                    }
                }
            }
        }
        return Optional.empty();
    }

    private static boolean isJdk25(Path home) {
        try {
            return Files.isExecutable(home.resolve("bin/java"))
                    && Files.readAllLines(home.resolve("release")).stream().anyMatch(l -> l.startsWith("JAVA_VERSION=\"25"));
        } catch (IOException e) {
            return false;
        }
    }
}

package dev.queuelock.maven.it;

import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * A class-data-sharing archive per Maven distribution the ITs run, made once by the first IT JVM
 * that needs it: every later run of that Maven maps the classes Maven, its plugins and the
 * extension load instead of parsing and verifying them again. That is about 15 % of a short
 * Maven's CPU, and the ITs start some 300 Mavens on two cores. Nothing under test depends on it:
 * a Maven whose class path the archive does not fit runs without it, and says nothing.
 */
final class MavenClassArchives {

    private static final Path DIR = MavenRun.IT_REPO.resolveSibling("maven-class-archives");
    /** Turns off only the JVM's messages about the archive (a mismatch is not an IT's concern). */
    private static final String QUIET = " -Xlog:cds*=off";
    private static final Map<String, String> OPTIONS = new ConcurrentHashMap<>();

    private MavenClassArchives() {
    }

    /**
     * The JVM options that use {@code mvn}'s archive (its distribution's directory name, or
     * {@code mvn} for the one on PATH), made now if no IT JVM has made it; none if it cannot be made.
     */
    static String options(String name, String mvn) {
        return OPTIONS.computeIfAbsent(name, n -> {
            try {
                Path archive = madeOnce(n, mvn);
                return archive == null ? "" : " -XX:SharedArchiveFile=" + archive + QUIET;
            } catch (IOException | InterruptedException e) {
                return "";
            }
        });
    }

    /** The archive of {@code name}, made under a file lock so that IT JVMs started together make it once. */
    private static Path madeOnce(String name, String mvn) throws IOException, InterruptedException {
        Files.createDirectories(DIR);
        // A JDK's archive fits that JDK alone: one per version, so an update does not leave a stale one in use.
        String file = name + "-java-" + Runtime.version().toString().replaceAll("[^A-Za-z0-9.]", "_");
        Path archive = DIR.resolve(file + ".jsa");
        try (FileChannel channel = FileChannel.open(DIR.resolve(file + ".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
                FileLock lock = channel.lock()) {
            if (!Files.exists(archive)) {
                make(mvn, archive);
            }
        }
        return Files.exists(archive) ? archive : null;
    }

    /**
     * Runs a typical IT build (the three-module project with the extension, its tests, and a goal
     * of the plugin) and keeps the classes it loaded; moved into place only when whole.
     */
    private static void make(String mvn, Path archive) throws IOException, InterruptedException {
        Path work = Files.createTempDirectory(DIR, "warm-up-");
        Path project = TestRepos.repoWithWorktrees(work.resolve("project")).get(0);
        TestPoms.copyProject("three-modules", project);
        Path partial = work.resolve("archive.jsa");
        Path tmp = Files.createDirectories(work.resolve("tmp"));
        ProcessBuilder pb = new ProcessBuilder(mvn, "-B", "-q", "-Dmaven.repo.local=" + MavenRun.IT_REPO, "verify", "queuelock:status")
                .directory(project.toFile()).redirectErrorStream(true).redirectOutput(work.resolve("warm-up.log").toFile());
        pb.environment().put("TMPDIR", tmp.toString());
        pb.environment().remove("QUEUELOCK_SKIP");
        pb.environment().put("MAVEN_OPTS", MavenRun.SHORT_JVM + " -XX:ArchiveClassesAtExit=" + partial + QUIET
                + " -Djava.io.tmpdir=" + tmp);
        Process process = pb.start();
        if (!process.waitFor(Timing.forMaven().toMillis(), TimeUnit.MILLISECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            return;
        }
        // Written as the JVM exits, whatever the build's result: the classes it loaded are what counts.
        if (Files.exists(partial)) {
            Files.move(partial, archive, StandardCopyOption.ATOMIC_MOVE);
        }
        try (var walk = Files.walk(work)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}

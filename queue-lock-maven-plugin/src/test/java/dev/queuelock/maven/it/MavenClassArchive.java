package dev.queuelock.maven.it;

import dev.queuelock.land.base.FileTrees;
import dev.queuelock.testsupport.ProcessTree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A class-data sharing archive for each Maven the ITs start, made before the first run of that
 * Maven on that JDK and mapped by every run. The ITs start a few hundred Mavens, each of which
 * otherwise reads, parses and verifies the same thousands of classes from jars: Maven's own and,
 * in every build that compiles, javac's (about 1,100 more). An archive made by a build that
 * compiles, tests and packages holds both: a fixture's {@code verify} takes about a fifth less CPU
 * than with none, where one made by validating an empty project saved a few per cent. The suite is
 * CPU-bound on two cores. Nothing under test depends on where a class's bytes come from; a JVM
 * that cannot use an archive (another JDK, another Maven, a changed jar) ignores it silently, as
 * {@code -Xlog:cds*=off} asks. (Plugins' classes, loaded by Maven's own class loaders, stay out of
 * a JDK 17 archive.)
 */
final class MavenClassArchive {

    private static final Path DIR = Path.of("target", "maven-class-archives").toAbsolutePath();
    /** A claim older than this was left by a killed test run: another run may make the archive. */
    private static final Duration STALE_CLAIM = Duration.ofMinutes(10);
    private static final String QUIET = "-Xlog:cds*=off";
    /**
     * Longer than the two-module project's first build takes on a loaded machine, plugins
     * downloaded into the IT repository included; then the runs go without.
     */
    private static final Duration MAKING = Duration.ofMinutes(3);
    /** Part of the archive's name: an archive made by another way of making it is never mapped. */
    private static final String MADE_BY = "two-modules verify";

    private final String mvn;
    private final Path archive;
    private final Path claim;

    private MavenClassArchive(String mvn, Path archive) {
        this.mvn = mvn;
        this.archive = archive;
        this.claim = archive.resolveSibling(archive.getFileName() + ".claim");
    }

    /**
     * The archive for the Maven that {@code mvn} starts with the JDK that {@code env} gives it
     * ({@code JAVA_HOME}, else {@code java} on its {@code PATH}); empty where either cannot be found.
     */
    static Optional<MavenClassArchive> of(String mvn, Map<String, String> env) {
        if (!Boolean.parseBoolean(System.getProperty("queuelock.it.classArchives", "true"))) {
            return Optional.empty(); // to measure what the archives save, or to rule them out
        }
        Optional<Path> maven = Programs.onPath(mvn, env.get("PATH")).flatMap(MavenClassArchive::real);
        Optional<Path> java = env.containsKey("JAVA_HOME") ? real(Path.of(env.get("JAVA_HOME"), "bin", "java"))
                : Programs.onPath("java", env.get("PATH")).flatMap(MavenClassArchive::real);
        if (maven.isEmpty() || java.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new MavenClassArchive(mvn, DIR.resolve(maven.get().getParent().getParent().getFileName() + "-"
                + digest(maven.get() + "\n" + java.get() + "\n" + MADE_BY) + ".jsa")));
    }

    /**
     * The JVM options that map the archive, made first if no run made it yet (and no other run
     * is making it: that one goes without). Made by a Maven of its own that verifies a copy of the
     * {@code two-modules} project, not by the run itself: a run's own Maven starts others (a
     * landing's checks) that would inherit the option to write it, all to one file.
     */
    String jvmOptions(Map<String, String> env) {
        if (!Files.isRegularFile(archive) && claim()) {
            try {
                make(env);
            } finally {
                release();
            }
        }
        return madeOptions();
    }

    /**
     * The JVM options that map the archive where an earlier run made it, else none: for a script
     * that starts several Mavens at once.
     */
    String madeOptions() {
        return Files.isRegularFile(archive) ? "-XX:SharedArchiveFile=" + archive + " " + QUIET : "";
    }

    private void make(Map<String, String> env) {
        Path unfinished = archive.resolveSibling(archive.getFileName() + "." + ProcessHandle.current().pid() + ".part");
        Path project = archive.resolveSibling(archive.getFileName() + "." + ProcessHandle.current().pid() + ".project");
        try {
            TestPoms.copyProject("two-modules", project);
            // online: the first build of a fresh clone brings the plugins into the IT repository, as a fixture's would
            ProcessBuilder pb = new ProcessBuilder(mvn, "-B", "-q", "-Dmaven.repo.local=" + MavenRun.IT_REPO, "verify")
                    .directory(project.toFile()).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
            pb.environment().clear();
            pb.environment().putAll(env);
            // a user extensions.xml (Maven 3.10 and 4) may name queue-lock: this Maven is no build of the test's
            pb.environment().put("QUEUELOCK_SKIP", "1");
            pb.environment().put("MAVEN_OPTS", env.getOrDefault("MAVEN_OPTS", "") + " -XX:ArchiveClassesAtExit=" + unfinished + " " + QUIET);
            Process maven = pb.start();
            if (maven.waitFor(MAKING.toSeconds(), TimeUnit.SECONDS) && maven.exitValue() == 0 && Files.size(unfinished) > 0) {
                Files.move(unfinished, archive, StandardCopyOption.ATOMIC_MOVE);
            } else {
                ProcessTree.destroy(maven); // its test JVMs too
            }
        } catch (IOException notMade) {
            // the runs go without
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            try {
                Files.deleteIfExists(unfinished);
                FileTrees.delete(project);
            } catch (IOException ignored) {
                // a leftover in target/
            }
        }
    }

    private void release() {
        try {
            Files.deleteIfExists(claim);
        } catch (IOException ignored) {
            // a stale claim expires
        }
    }

    private boolean claim() {
        try {
            Files.createDirectories(DIR);
            try {
                Files.createFile(claim);
                return true;
            } catch (FileAlreadyExistsException taken) {
                FileTime claimed = Files.getLastModifiedTime(claim);
                if (claimed.toInstant().isBefore(Instant.now().minus(STALE_CLAIM))) {
                    Files.deleteIfExists(claim);
                }
                return false;
            }
        } catch (IOException e) {
            return false;
        }
    }

    private static Optional<Path> real(Path file) {
        try {
            return Optional.of(file.toRealPath());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static String digest(String text) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}

package dev.queuelock.maven.it;

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

/**
 * A class-data sharing archive for each Maven the ITs start, made by the first run of that Maven
 * on that JDK and mapped by every later one. The ITs start a few hundred Mavens, each of which
 * otherwise reads, parses and verifies the same four thousand classes from jars: about a fifth of
 * a run's CPU, and the suite is CPU-bound on two cores. Nothing under test depends on where a
 * class's bytes come from; a JVM that cannot use an archive (another JDK, another Maven, a
 * changed jar) ignores it silently, as {@code -Xlog:cds*=off} asks.
 */
final class MavenClassArchive {

    private static final Path DIR = Path.of("target", "maven-class-archives").toAbsolutePath();
    /** A claim older than this was left by a killed test run: another run may make the archive. */
    private static final Duration STALE_CLAIM = Duration.ofMinutes(10);
    private static final String QUIET = "-Xlog:cds*=off";

    private final Path archive;
    private final Path claim;
    private boolean making;

    private MavenClassArchive(Path archive) {
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
        Optional<Path> maven = onPath(mvn, env.get("PATH"));
        Optional<Path> java = env.containsKey("JAVA_HOME") ? real(Path.of(env.get("JAVA_HOME"), "bin", "java"))
                : onPath("java", env.get("PATH"));
        if (maven.isEmpty() || java.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new MavenClassArchive(DIR.resolve(maven.get().getParent().getParent().getFileName() + "-"
                + digest(maven.get() + "\n" + java.get()) + ".jsa")));
    }

    /**
     * The JVM options for the next run: map the archive if it is there, else make it at exit if
     * no other run is making it (then {@link #ended} must hear of the run's end), else none.
     */
    String jvmOptions() {
        if (Files.isRegularFile(archive)) {
            return madeOptions();
        }
        making = claim();
        return making ? "-XX:ArchiveClassesAtExit=" + unfinished() + " " + QUIET : "";
    }

    /**
     * The JVM options that map the archive where an earlier run made it, else none: for a script
     * that starts several Mavens at once, which must not all write the archive.
     */
    String madeOptions() {
        return Files.isRegularFile(archive) ? "-XX:SharedArchiveFile=" + archive + " " + QUIET : "";
    }

    /** Keeps the archive the run made, if {@link #jvmOptions} told it to make one and it ended well. */
    void ended(int exitCode) {
        if (!making) {
            return;
        }
        try {
            if (exitCode == 0 && Files.size(unfinished()) > 0) {
                Files.move(unfinished(), archive, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (IOException notMade) {
            // the next run tries again
        } finally {
            try {
                Files.deleteIfExists(unfinished());
                Files.deleteIfExists(claim);
            } catch (IOException ignored) {
                // a stale claim expires
            }
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

    private Path unfinished() {
        return archive.resolveSibling(archive.getFileName() + "." + ProcessHandle.current().pid() + ".part");
    }

    private static Optional<Path> onPath(String command, String path) {
        if (command.contains("/")) {
            return real(Path.of(command));
        }
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, command))) {
                return real(Path.of(dir, command));
            }
        }
        return Optional.empty();
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

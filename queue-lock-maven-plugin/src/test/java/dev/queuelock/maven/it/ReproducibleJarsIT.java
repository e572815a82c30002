package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two builds of the published modules give byte-identical jars: the reactor's own build (the one
 * running this test) is the first, and a second, offline one of a copy of the sources in another
 * directory is built here. Every published module must ship its sources and javadoc jars too.
 */
class ReproducibleJarsIT {

    /** What would be published: every module but the benchmark, in reactor order. */
    private static final List<String> PUBLISHED = List.of("queue-lock-core", "queue-lock-build", "queue-lock-repository", "queue-lock-land", "queue-lock-zookeeper",
            "queue-lock-maven-extension", "queue-lock-maven-plugin");

    /** The local repository of the build running this test: it already holds every plugin the second build needs. */
    private static final Path OUTER_REPO = Path.of(System.getProperty("queuelock.it.outerRepo",
            System.getProperty("user.home") + "/.m2/repository"));

    /**
     * No test is compiled but core's, whose test jar is published (its POM makes it under this
     * flag too): no other jar holds a compiled test, so compiling them would only cost time.
     */
    private static final String TESTS_NOT_COMPILED = "-Dmaven.test.skip=true";

    /**
     * The javadoc tool, two thirds of this build's CPU, with the JIT's first tier, as the ITs' Mavens
     * ({@link MavenRun#SHORT_JVM}): half its CPU for the same pages.
     */
    private static final String JAVADOC_SHORT_JVM = "-DadditionalJOption=-J-XX:TieredStopAtLevel=1";

    private static final Set<String> NOT_SOURCES = Set.of("target", ".git", ".idea", "node_modules");

    @TempDir
    Path work;

    @Test
    @Timeout(900)
    void aSecondBuildElsewhereGivesTheSameBytes() throws Exception {
        Path top = Path.of("..").toAbsolutePath().normalize();
        Path copy = work.resolve("second-build");
        copySources(top, copy);

        Path log = work.resolve("second-build.log");
        try (MavenRun build = MavenRun.start(OUTER_REPO, copy, Files.createDirectories(work.resolve("tmp")), log,
                "-o", "-q", "package", TESTS_NOT_COMPILED, JAVADOC_SHORT_JVM, "-Dinvoker.skip", "-pl", String.join(",", PUBLISHED))) {
            assertThat(build.awaitExit(Duration.ofMinutes(14))).as(build.log()).isZero();
        }

        String version = TestRepos.VERSION;
        for (String module : PUBLISHED) {
            Path second = copy.resolve(module).resolve("target");
            for (String classifier : List.of("", "-sources", "-javadoc")) {
                assertThat(second.resolve(module + "-" + version + classifier + ".jar")).as("second build").isRegularFile();
            }
            for (Path first : jars(top.resolve(module).resolve("target"))) {
                Path other = second.resolve(first.getFileName().toString());
                assertThat(other).as("second build made %s", first.getFileName()).isRegularFile();
                if (Files.mismatch(first, other) != -1L) {
                    throw new AssertionError(first + " differs between two builds: " + differences(first, other)
                            + " (or a jar left from an earlier build with other options: build the reactor again)");
                }
            }
        }
    }

    private static List<Path> jars(Path target) throws IOException {
        try (var files = Files.list(target)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().collect(Collectors.toList());
        }
    }

    private static void copySources(Path from, Path to) throws IOException {
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                if (!dir.equals(from) && NOT_SOURCES.contains(dir.getFileName().toString())) {
                    return FileVisitResult.SKIP_SUBTREE;
                }
                Files.createDirectories(to.resolve(from.relativize(dir).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (attrs.isRegularFile()) {
                    Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.COPY_ATTRIBUTES);
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** Names the entries that differ, so a failure says what is not reproducible. */
    private static String differences(Path a, Path b) {
        List<String> out = new ArrayList<>();
        try (ZipFile za = new ZipFile(a.toFile()); ZipFile zb = new ZipFile(b.toFile())) {
            for (Enumeration<? extends ZipEntry> e = za.entries(); e.hasMoreElements();) {
                ZipEntry ea = e.nextElement();
                ZipEntry eb = zb.getEntry(ea.getName());
                if (eb == null) {
                    out.add("only in the first: " + ea.getName());
                } else if (ea.getTime() != eb.getTime()) {
                    out.add("time of " + ea.getName());
                } else if (!Arrays.equals(read(za, ea), read(zb, eb))) {
                    out.add("content of " + ea.getName());
                }
            }
            zb.stream().filter(eb -> za.getEntry(eb.getName()) == null).forEach(eb -> out.add("only in the second: " + eb.getName()));
        } catch (IOException e) {
            out.add("unreadable: " + e.getMessage());
        }
        return out.isEmpty() ? "entry order or zip metadata" : String.join(", ", out);
    }

    private static byte[] read(ZipFile zip, ZipEntry entry) throws IOException {
        try (InputStream in = zip.getInputStream(entry)) {
            return in.readAllBytes();
        }
    }
}

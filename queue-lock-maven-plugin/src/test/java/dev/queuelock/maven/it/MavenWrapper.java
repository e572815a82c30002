package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.testsupport.Timing;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * A real Maven Wrapper in a test's repository, made at test time by maven-wrapper-plugin (never
 * committed to queue-lock). Type {@code bin}: {@code ./mvnw} starts a JVM running
 * {@code org.apache.maven.wrapper.MavenWrapperMain}, and Maven runs inside that JVM, as in most
 * projects' wrappers. Its distribution is a zip of the Maven in the local repository made here (the
 * wrapper unpacks only zips) at a {@code file:} URL, unpacked once under the test class's directory: no network,
 * nothing written to {@code ~/.m2/wrapper}.
 */
final class MavenWrapper {

    static final String PLUGIN_VERSION = System.getProperty("queuelock.it.wrapperPlugin", "3.3.2");
    static final String MAVEN_VERSION = System.getProperty("queuelock.it.wrapperMaven", "3.9.16");
    /** The local repository of the build running the test: maven-wrapper-plugin and the Maven distribution are there. */
    private static final Path OUTER_REPO = Path.of(System.getProperty("queuelock.it.outerRepo",
            System.getProperty("user.home") + "/.m2/repository"));

    private final Path made;
    private final Path userHome;

    private MavenWrapper(Path made, Path userHome) {
        this.made = made;
        this.userHome = userHome;
    }

    /**
     * Makes {@code mvnw} and {@code .mvn/wrapper/} in {@code dir} and unpacks its Maven once into a
     * home there: a test class makes one and adds it to each test's repository ({@link #addTo}), as
     * the files and the unpacked Maven are the same for every test.
     */
    static MavenWrapper make(Path dir) throws Exception {
        URI distribution = distribution(Files.createDirectories(dir.resolve("maven-dist")));
        // A directory of its own, with a .mvn so Maven looks no further up for a project.
        Path made = Files.createDirectories(dir.resolve("wrapper/.mvn")).getParent();
        List<String> args = new ArrayList<>(List.of("org.apache.maven.plugins:maven-wrapper-plugin:" + PLUGIN_VERSION + ":wrapper",
                "-Dtype=bin", "-Dmaven=" + MAVEN_VERSION, "-DdistributionUrl=" + distribution));
        if (Files.isRegularFile(OUTER_REPO.resolve("org/apache/maven/wrapper/maven-wrapper-distribution/" + PLUGIN_VERSION
                + "/maven-wrapper-distribution-" + PLUGIN_VERSION + "-bin.zip"))) {
            args.add(0, "-o"); // else this first run fetches the plugin once, as any plugin of the build
        }
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        try (MavenRun run = MavenRun.start(OUTER_REPO, made, tmp, dir.resolve("wrapper.log"), args.toArray(String[]::new))) {
            assertThat(run.awaitExit(Timing.forMaven())).as(run.log()).isZero();
        }
        assertThat(made.resolve(".mvn/wrapper/maven-wrapper.jar")).as("a wrapper whose JVM runs Maven").exists();
        MavenWrapper wrapper = new MavenWrapper(made, dir.resolve("wrapper-home"));
        // Unpacked once, before runs in several lanes.
        try (MavenRun unpack = MavenRun.wrapper(made, tmp, dir.resolve("unpack-maven.log"), wrapper.environment(), "--version")) {
            assertThat(unpack.awaitExit(Timing.forMaven())).as(unpack.log()).isZero();
            assertThat(unpack.log()).contains("Apache Maven " + MAVEN_VERSION);
        }
        return wrapper;
    }

    /** Copies {@code mvnw} and {@code .mvn/wrapper/} into the main checkout of {@code repo} (not committed). */
    void addTo(LandingRepo repo) throws IOException {
        try (Stream<Path> files = Files.walk(made)) {
            for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                Path target = repo.main.resolve(made.relativize(file).toString());
                Files.createDirectories(target.getParent());
                Files.copy(file, target, StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }

    /** What {@code ./mvnw} needs in its environment: where it unpacks Maven. */
    Map<String, String> environment() {
        return Map.of("MAVEN_USER_HOME", userHome.toString());
    }

    /**
     * The Maven of the local repository as a {@code -bin.zip} in {@code dir}: unpacked with tar (as its
     * build unpacks it for the invoker runs), packed again with the JDK.
     */
    private static URI distribution(Path dir) throws IOException, InterruptedException {
        String name = "apache-maven-" + MAVEN_VERSION;
        Path tarball = OUTER_REPO.resolve("org/apache/maven/apache-maven/" + MAVEN_VERSION + "/" + name + "-bin.tar.gz");
        assertThat(tarball).as("the Maven distribution the plugin's build unpacks for its invoker runs; run mvn verify"
                + " without -Dinvoker.skip once").exists();
        Process tar = new ProcessBuilder("tar", "xzf", tarball.toString(), "-C", dir.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("tar.log").toFile()).start();
        assertThat(tar.waitFor(Timing.forMaven().toSeconds(), TimeUnit.SECONDS) && tar.exitValue() == 0)
                .as("tar xzf " + tarball + ": " + Files.readString(dir.resolve("tar.log"))).isTrue();
        Path zip = dir.resolve(name + "-bin.zip");
        try (OutputStream file = Files.newOutputStream(zip); ZipOutputStream out = new ZipOutputStream(file);
             Stream<Path> files = Files.walk(dir.resolve(name))) {
            for (Path p : (Iterable<Path>) files::iterator) {
                boolean directory = Files.isDirectory(p);
                out.putNextEntry(new ZipEntry(dir.relativize(p) + (directory ? "/" : "")));
                if (!directory) {
                    Files.copy(p, out);
                }
                out.closeEntry();
            }
        }
        return zip.toUri();
    }
}

package dev.queuelock.bench;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The slots scenario's stage, under {@code target/bench/slots}: a fixture repository
 * ({@link FixtureSources}) with {@code .mvn/extensions.xml} committed, one git worktree per lane
 * as agents have them, and a private local repository holding the extension built from this
 * checkout (nothing is installed into {@code ~/.m2}). {@code settings.xml} lets the first build
 * copy plugins and JUnit from {@code ~/.m2} (as a file repository, releases only, so no SNAPSHOT of
 * queue-lock installed there is ever taken), falling back to Maven Central; the measured builds
 * then run offline.
 */
final class SlotsFixture {

    /** What a user's repository holds for the extension: its jar carries core's classes, and its POM names no dependency. */
    private static final List<String> EXTENSION_ARTIFACTS = List.of("queue-lock-parent", "queue-lock-maven-extension");

    private final Path dir;
    private final String version;
    private final List<Path> lanes = new ArrayList<>();

    private SlotsFixture(Path dir, String version) {
        this.dir = dir;
        this.version = version;
    }

    /** Lays out the stage afresh (the local repository's downloads are kept) with {@code lanes} worktrees. */
    static SlotsFixture create(Path dir, Path repoRoot, int lanes) throws IOException, InterruptedException {
        SlotsFixture fixture = new SlotsFixture(dir, version(repoRoot));
        deleteTree(dir.resolve("repository"));
        deleteTree(dir.resolve("lanes"));
        fixture.installExtension(repoRoot);
        fixture.writeSettings();
        fixture.writeRepository();
        for (int i = 1; i <= lanes; i++) {
            Path lane = dir.resolve("lanes").resolve("lane-" + i);
            fixture.git(dir.resolve("repository"), "worktree", "add", "-q", "-b", "lane-" + i, lane.toString());
            fixture.lanes.add(lane);
        }
        return fixture;
    }

    List<Path> lanes() {
        return lanes;
    }

    Path localRepository() {
        return dir.resolve("m2");
    }

    Path settings() {
        return dir.resolve("settings.xml");
    }

    String version() {
        return version;
    }

    /** Removes every module's {@code target/} in every lane: each round compiles from scratch. */
    void clean() throws IOException {
        for (Path lane : lanes) {
            deleteTree(lane.resolve("target"));
            for (String module : FixtureSources.MODULES) {
                deleteTree(lane.resolve(module).resolve("target"));
            }
        }
    }

    private void installExtension(Path repoRoot) throws IOException {
        for (String artifact : EXTENSION_ARTIFACTS) {
            Path module = artifact.equals("queue-lock-parent") ? repoRoot : repoRoot.resolve(artifact);
            Path to = Files.createDirectories(localRepository().resolve("dev/queuelock").resolve(artifact).resolve(version));
            // The extension's is the shade plugin's dependency-reduced POM, as `mvn install` installs it.
            Path pom = artifact.equals("queue-lock-parent") ? module.resolve("pom.xml") : module.resolve("dependency-reduced-pom.xml");
            Files.copy(pom, to.resolve(artifact + "-" + version + ".pom"),
                    java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            if (!artifact.equals("queue-lock-parent")) {
                Path jar = module.resolve("target").resolve(artifact + "-" + version + ".jar");
                if (!Files.isRegularFile(jar)) {
                    throw new BenchException("no " + jar + "; build it first: mvn -q -pl queue-lock-bench -am package -DskipTests");
                }
                Files.copy(jar, to.resolve(jar.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    private void writeSettings() throws IOException {
        String home = Path.of(System.getProperty("user.home"), ".m2", "repository").toUri().toString();
        String repo = "<id>home</id><url>" + home + "</url>"
                + "<releases><enabled>true</enabled></releases><snapshots><enabled>false</enabled></snapshots>";
        Files.writeString(settings(), "<settings>\n  <profiles><profile><id>home</id>\n"
                + "    <repositories><repository>" + repo + "</repository></repositories>\n"
                + "    <pluginRepositories><pluginRepository>" + repo + "</pluginRepository></pluginRepositories>\n"
                + "  </profile></profiles>\n  <activeProfiles><activeProfile>home</activeProfile></activeProfiles>\n"
                + "</settings>\n", StandardCharsets.UTF_8);
    }

    private void writeRepository() throws IOException, InterruptedException {
        Path repo = Files.createDirectories(dir.resolve("repository"));
        write(repo.resolve("pom.xml"), FixtureSources.parentPom(version));
        write(repo.resolve(".mvn/extensions.xml"), FixtureSources.extensionsXml(version));
        write(repo.resolve(".gitignore"), "target/\n");
        for (String module : FixtureSources.MODULES) {
            Path m = repo.resolve(module);
            String pkg = FixtureSources.packageOf(module).replace('.', '/');
            write(m.resolve("pom.xml"), FixtureSources.modulePom(module));
            if (module.equals("shared")) {
                write(m.resolve("src/main/java/bench/shared/Work.java"), FixtureSources.work());
            }
            for (int i = 0; i < FixtureSources.CLASSES_PER_MODULE; i++) {
                write(m.resolve("src/main/java/" + pkg + "/Generated" + i + ".java"), FixtureSources.generated(module, i));
            }
            write(m.resolve("src/test/java/" + pkg + "/WorkTest.java"), FixtureSources.test(module));
        }
        git(repo, "init", "-q", "-b", "main");
        git(repo, "add", "-A");
        git(repo, "-c", "user.name=queue-lock-bench", "-c", "user.email=bench@localhost", "commit", "-q", "-m", "fixture");
    }

    private void git(Path cwd, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(args));
        Path log = dir.resolve("git.log");
        Process git = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!git.waitFor(60, TimeUnit.SECONDS) || git.exitValue() != 0) {
            git.destroyForcibly();
            throw new BenchException("git " + String.join(" ", args) + " failed in " + cwd + ": " + Children.tail(log));
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** The parent POM's own version: the first {@code <version>} after its {@code <artifactId>}. */
    private static String version(Path repoRoot) throws IOException {
        String pom = Files.readString(repoRoot.resolve("pom.xml"), StandardCharsets.UTF_8);
        int at = pom.indexOf("<artifactId>queue-lock-parent</artifactId>");
        int start = pom.indexOf("<version>", at) + "<version>".length();
        return pom.substring(start, pom.indexOf("</version>", start)).trim();
    }

    static void deleteTree(Path tree) throws IOException {
        if (!Files.exists(tree)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(tree)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}

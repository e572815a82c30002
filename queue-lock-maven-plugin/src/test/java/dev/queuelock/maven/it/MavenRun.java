package dev.queuelock.maven.it;

import dev.queuelock.testsupport.ProcessTree;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;

/**
 * One real {@code mvn} process of an IT: batch mode, the IT local repository (where the invoker
 * installed the extension), {@code TMPDIR} pointed at the test's own directory, output to a log.
 */
final class MavenRun implements AutoCloseable {

    /** The local repository the invoker's install goal filled; set by failsafe. */
    static final Path IT_REPO = Path.of(System.getProperty("queuelock.it.localRepo", "target/it-repo")).toAbsolutePath();

    private final Process process;
    private final Path log;

    private MavenRun(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** Starts {@code mvn -B -Dmaven.repo.local=<it repo> <args>} in {@code dir}. */
    static MavenRun start(Path dir, Path tmpDir, Path log, String... args) throws IOException {
        return start(IT_REPO, dir, tmpDir, log, args);
    }

    /** Starts {@code mvn -B -Dmaven.repo.local=<localRepo> <args>} in {@code dir}. */
    static MavenRun start(Path localRepo, Path dir, Path tmpDir, Path log, String... args) throws IOException {
        return startOn(null, localRepo, dir, tmpDir, log, args);
    }

    /** Maven 3.9 as the build unpacked it (resolver 1.9: queue-lock turns its file locks on). */
    static String maven39() {
        return System.getProperty("queuelock.it.maven39", "3.9.16");
    }

    /** Maven 3.10 (resolver 2, the user's ~/.m2/extensions.xml, breadth-first class path). */
    static String maven310() {
        return System.getProperty("queuelock.it.maven310", "3.10.0");
    }

    /** Maven 4. */
    static String maven4() {
        return System.getProperty("queuelock.it.maven4", "4.0.0-rc-6");
    }

    /** The Maven versions the ITs run on besides the one on PATH (unpacked by the build). */
    static List<String> otherMavens() {
        return List.of(maven39(), maven310(), maven4());
    }

    /** As {@link #start(Path, Path, Path, Path, String...)}, on Maven {@code version} as the build unpacked it; null: {@code mvn} from PATH. */
    static MavenRun startOn(String version, Path localRepo, Path dir, Path tmpDir, Path log, String... args) throws IOException {
        return startOn(version, Map.of(), localRepo, dir, tmpDir, log, args);
    }

    /** As {@link #startOn(String, Path, Path, Path, Path, String...)}, with {@code env} put into its environment last. */
    static MavenRun startOn(String version, Map<String, String> env, Path localRepo, Path dir, Path tmpDir, Path log, String... args)
            throws IOException {
        String mvn = version == null ? "mvn" : binOf(version).resolve("mvn").toString();
        List<String> command = new ArrayList<>(List.of(mvn, "-B", "-Dmaven.repo.local=" + localRepo));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        forMaven(pb.environment(), tmpDir);
        pb.environment().putAll(env);
        mapClassArchive(mvn, pb.environment());
        return new MavenRun(pb.start(), log);
    }

    /** The {@code bin} directory of Maven {@code version} as the build unpacked it ({@link #otherMavens()}). */
    static Path binOf(String version) {
        return Path.of(System.getProperty("queuelock.it.mavenDists", "target/maven-distributions"), "apache-maven-" + version, "bin")
                .toAbsolutePath();
    }

    /**
     * The environment of a Maven whose {@code user.home} is {@code home}: Maven 3.10 and 4 read
     * {@code <home>/.m2/extensions.xml} then, never the real user's.
     */
    static Map<String, String> userHome(Path home) {
        return Map.of("MAVEN_OPTS", mavenOpts() + " -Duser.home=" + home);
    }

    private static String mavenOpts() {
        return SHORT_JVM + " -Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir");
    }

    /**
     * Starts {@code ./mvnw -B -Dmaven.repo.local=<it repo> <args>} in {@code dir}, with {@code path}
     * as PATH: a repository built with the Maven Wrapper alone.
     */
    static MavenRun wrapper(Path dir, Path tmpDir, Path log, String path, String... args) throws IOException {
        return wrapper(dir, tmpDir, log, Map.of("PATH", path), args);
    }

    /** {@code ./mvnw} as {@link #wrapper(Path, Path, Path, String, String...)}, with {@code env} added to its environment. */
    static MavenRun wrapper(Path dir, Path tmpDir, Path log, Map<String, String> env, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of(dir.resolve("mvnw").toString(), "-B", "-Dmaven.repo.local=" + IT_REPO));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        forMaven(pb.environment(), tmpDir);
        pb.environment().putAll(env);
        return new MavenRun(pb.start(), log);
    }

    /**
     * The test's TMPDIR (its queues); no developer's skip or MAVEN_OPTS, only the test run's temp
     * dir (target/tmp under Maven), so Maven's own temp files (jansi's native library...) stay out
     * of /tmp too. An IT's Maven runs for seconds: the JIT's first tier and the serial collector
     * spare the cores the optimizing compiler and parallel GC threads would take from the other
     * processes of the test (the suite is CPU-bound on two cores); nothing under test depends on them.
     */
    /** JVM options for a Maven that runs for seconds (see {@link #forMaven}). */
    static final String SHORT_JVM = "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC";

    /** Adds the options that map {@code mvn}'s class archive ({@link MavenClassArchive}) to {@code env}'s MAVEN_OPTS. */
    private static void mapClassArchive(String mvn, Map<String, String> env) {
        Optional<MavenClassArchive> archive = MavenClassArchive.of(mvn, env);
        archive.ifPresent(classes -> env.merge("MAVEN_OPTS", classes.jvmOptions(env), (opts, more) -> opts + " " + more));
    }

    private static void forMaven(Map<String, String> env, Path tmpDir) {
        env.put("TMPDIR", tmpDir.toString());
        env.remove("QUEUELOCK_SKIP");
        env.put("MAVEN_OPTS", mavenOpts());
    }

    /**
     * Runs a shell command line as Claude Code runs a hook: {@code sh -c}, {@code stdin} written to
     * its standard input, standard output to {@code log} and standard error to {@code errLog}, kept
     * apart. The IT local repository must come from the project's {@code .mvn/maven.config}.
     */
    static MavenRun hook(Path dir, Path tmpDir, Path log, Path errLog, String stdin, String commandLine) throws IOException {
        return hook(dir, tmpDir, log, errLog, stdin, commandLine, System.getenv("PATH"));
    }

    /** {@link #hook}, with {@code path} as the shell's PATH (one without {@code mvn}, say). */
    static MavenRun hook(Path dir, Path tmpDir, Path log, Path errLog, String stdin, String commandLine, String path)
            throws IOException {
        ProcessBuilder pb = new ProcessBuilder("sh", "-c", commandLine).directory(dir.toFile())
                .redirectOutput(log.toFile()).redirectError(errLog.toFile());
        forMaven(pb.environment(), tmpDir);
        pb.environment().put("PATH", path);
        mapClassArchive("mvn", pb.environment()); // the hook's mvn, where PATH has one
        MavenRun run = new MavenRun(pb.start(), log);
        try (var in = run.process.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        return run;
    }

    Process process() {
        return process;
    }

    String log() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** Waits until the log contains {@code text}; fails early with the log if the process ends first. */
    MavenRun awaitLog(String text, Duration timeout) {
        Awaitility.await().atMost(timeout).pollInterval(Duration.ofMillis(100)).until(() -> {
            if (log().contains(text)) {
                return true;
            }
            if (!process.isAlive() && !log().contains(text)) {
                throw new AssertionError("mvn ended before logging '" + text + "':\n" + log());
            }
            return false;
        });
        return this;
    }

    /** Waits for the exit code; the log is in the message if it does not exit in time. */
    int awaitExit(Duration timeout) throws InterruptedException {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError("mvn still running after " + timeout + ":\n" + log());
        }
        return process.exitValue();
    }

    @Override
    public void close() {
        ProcessTree.destroy(process);
    }
}

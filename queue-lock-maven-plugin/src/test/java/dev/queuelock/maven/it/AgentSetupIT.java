package dev.queuelock.maven.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.queuelock.land.setup.ClaudeSettings;
import dev.queuelock.testsupport.TestGit;
import dev.queuelock.testsupport.Timing;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * init and its hook where projects really are: built with the Maven Wrapper and no {@code mvn}
 * installed, with a broken POM, and with license checks in {@code verify} (apache-rat-plugin and
 * com.mycila's license-maven-plugin).
 */
class AgentSetupIT {

    private static final Duration MVN = Timing.seconds(300);
    private static final String INIT = "dev.queuelock:queue-lock-maven-plugin:" + TestRepos.VERSION + ":init";
    private static final String ASF_HEADER = "<!-- Licensed under the Apache License, Version 2.0 (the \"License\");"
            + " http://www.apache.org/licenses/LICENSE-2.0 -->\n";

    @TempDir
    Path work;

    LandingRepo repo;
    Path main;

    @BeforeEach
    void repoWithRemote() throws Exception {
        repo = LandingRepo.create(work, "shop", "main", true);
        main = repo.main;
        Files.writeString(main.resolve(".gitignore"), "target/\n", StandardCharsets.UTF_8);
        // The hook's Maven gets no -D from the test: the IT repository comes from the project's config.
        Files.writeString(main.resolve(".mvn/maven.config"), "-Dmaven.repo.local=" + MavenRun.IT_REPO + "\n");
        repo.commitAndPush("project");
        Files.createDirectories(repo.tmp());
    }

    @AfterEach
    void stop() throws IOException {
        repo.close();
        // JUnit's clean-up would warn once for each link to a program outside its temp dir: ~1,400 lines a run.
        Path bin = work.resolve("bin");
        if (Files.isDirectory(bin)) {
            try (Stream<Path> links = Files.list(bin)) {
                for (Path link : (Iterable<Path>) links::iterator) {
                    Files.delete(link);
                }
            }
        }
    }

    @Test
    @Timeout(900)
    void withOnlyTheWrapperAndNoMvnOnThePathInitTheHookABuildAndALandAllWork() throws Exception {
        // A stand-in for the Maven Wrapper's script, made here (never committed to queue-lock): it runs the real Maven.
        Path mvnw = main.resolve("mvnw");
        Files.writeString(mvnw, "#!/bin/sh\nexec '" + realMaven() + "' \"$@\"\n");
        Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwxr-xr-x"));
        git(main, "add", "mvnw");
        git(main, "commit", "-q", "-m", "wrapper");
        git(main, "push", "-q", "origin", "main");
        String path = pathWithoutMaven();

        MavenRun init = wrapper(main, "init", path, INIT);
        assertThat(init.awaitExit(MVN)).as(init.log()).isZero();
        assertThat(init.log()).contains("land with ./mvnw queuelock:land", "(./mvnw queuelock:uninstall takes out")
                .doesNotContain(" mvn queuelock:");
        assertThat(main.resolve("CLAUDE.md")).content().contains("`./mvnw queuelock:land`", "`./mvnw -B verify -Dqueuelock.build.affected`")
                .doesNotContain("`mvn ");
        String hook = hookCommand();
        assertThat(hook).isEqualTo(ClaudeSettings.hookCommand("./mvnw"));
        git(main, "add", "CLAUDE.md", ".claude");
        git(main, "commit", "-q", "-m", "queue-lock");
        git(main, "push", "-q", "origin", "main");

        // From the main checkout's subdirectory, then from inside the lane the first hook made.
        Path sub = Files.createDirectories(main.resolve("docs"));
        Path lane1 = main.resolveSibling("shop-lane-1");
        Path lane2 = main.resolveSibling("shop-lane-2");
        assertThat(runHook("hook-1", sub, hook, path)).isEqualTo(lane1.toString());
        assertThat(runHook("hook-2", lane1, hook, path)).isEqualTo(lane2.toString());
        assertThat(git(lane2, "symbolic-ref", "--short", "HEAD")).isEqualTo("lane/2");

        Files.writeString(lane2.resolve("feature.txt"), "feature\n");
        git(lane2, "add", "feature.txt");
        git(lane2, "commit", "-q", "-m", "feature");
        MavenRun build = wrapper(lane2, "build", path, "validate");
        assertThat(build.awaitExit(MVN)).as(build.log()).isZero();
        MavenRun land = wrapper(lane2, "land", path, "queuelock:land", "-Dqueuelock.land.checkGoals=validate");
        assertThat(land.awaitExit(MVN)).as(land.log()).isZero();
        assertThat(land.log()).contains("lane shop-lane-2 (lane/2) landed on origin/main");
        assertThat(git(repo.origin, "log", "-1", "--format=%s", "main")).isEqualTo("feature");
        Files.writeString(lane2.resolve("feature.txt"), "more\n");
        git(lane2, "commit", "-q", "-am", "more");
        TestGit.Result direct = LandingRepo.tryGit(lane2, "push", "origin", "HEAD:main");
        assertThat(direct.ok()).as(direct.out).isFalse();
        assertThat(direct.out).as("the guard names the wrapper").contains("with './mvnw queuelock:land'");
    }

    @Test
    @Timeout(300)
    void aBrokenPomFailsTheHookWithMavensReasonOnStandardErrorAndNothingOnStandardOutput() throws Exception {
        Files.writeString(main.resolve("pom.xml"), "<project><modelVersion>4.0.0</modelVersion><broken>\n");
        String payload = "{\"session_id\":\"s1\",\"cwd\":\"" + main + "\",\"hook_event_name\":\"WorktreeCreate\",\"name\":\"x\"}";

        MavenRun hook = MavenRun.hook(main, repo.tmp(), work.resolve("broken.out"), work.resolve("broken.err"), payload,
                ClaudeSettings.hookCommand("mvn"));
        repo.track(hook);

        assertThat(hook.awaitExit(MVN)).isNotZero();
        assertThat(Files.readString(work.resolve("broken.out"))).as("standard output is for the path alone").isEmpty();
        // Maven's reason: "Non-readable POM" on 3.8 and 3.9, "Non-parseable POM" on 4.
        assertThat(Files.readString(work.resolve("broken.err"))).contains("[ERROR]", "pom.xml")
                .containsPattern("Non-(readable|parseable) POM");
        assertThat(main.resolveSibling("shop-lane-1")).doesNotExist();
    }

    /**
     * Both license checks in one project: apache-rat-plugin reads every file but {@code .mvn/},
     * com.mycila's license-maven-plugin every file but {@code *.md} and {@code *.json}, so each
     * judges what init writes on its own, and init names both.
     */
    @Test
    @Timeout(600)
    void aProjectCheckedByApacheRatAndMycilasLicensePluginStillVerifiesAfterInitAndTheCommit() throws Exception {
        Files.writeString(main.resolve("pom.xml"), TestPoms.text("license-checks.xml"));
        Files.delete(main.resolve(".mvn/extensions.xml")); // init writes it, under mycila's default includes (every file)
        MavenRun format = mvn(main, "format", "com.mycila:license-maven-plugin:4.6:format");
        assertThat(format.awaitExit(MVN)).as(format.log()).isZero();
        // The Apache header RAT approves, after the one mycila's plugin wrote (which would take a one-line comment for its own).
        Path pom = main.resolve("pom.xml");
        Files.writeString(pom, Files.readString(pom).replaceFirst("-->\n", "-->\n" + ASF_HEADER));
        MavenRun verify = verifiesBeforeAndAfterInit("license check: apache-rat-plugin",
                "license check: license-maven-plugin (com.mycila)", "the new .mvn/extensions.xml starts with pom.xml's license header");
        assertThat(verify.log()).contains("Rat check");
        assertThat(main.resolve("target/rat.txt")).content().contains("GEN   CLAUDE.md");
        // Maven 3.8 names the plugin by its artifact id here, 3.9 and 4 by its prefix.
        assertThat(verify.log()).containsPattern("--- (license-maven-plugin|license):4\\.6:check ");
    }

    /**
     * Commits the project, which must pass {@code verify}; runs init, which must say {@code initSays};
     * commits init's files as the quickstart does; returns the {@code verify} after, which passed.
     */
    private MavenRun verifiesBeforeAndAfterInit(String... initSays) throws Exception {
        git(main, "add", "-A");
        git(main, "commit", "-q", "-m", "a license check in verify");
        MavenRun before = mvn(main, "verify-before", "verify");
        assertThat(before.awaitExit(MVN)).as("the project passes its check before init: " + before.log()).isZero();

        MavenRun init = mvn(main, "init", INIT);
        assertThat(init.awaitExit(MVN)).as(init.log()).isZero();
        assertThat(init.log()).contains(initSays);
        git(main, "add", ".mvn", "CLAUDE.md", ".claude");
        git(main, "commit", "-q", "-m", "queue-lock");

        MavenRun verify = mvn(main, "verify-after", "verify");
        assertThat(verify.awaitExit(MVN)).as(verify.log()).isZero();
        assertThat(verify.log()).contains("BUILD SUCCESS");
        return verify;
    }

    /** Runs the hook as Claude Code does, from {@code dir}; returns standard output, which must be the path and nothing else. */
    private String runHook(String name, Path dir, String command, String path) throws Exception {
        String payload = "{\"session_id\":\"" + name + "\",\"cwd\":\"" + dir + "\",\"hook_event_name\":\"WorktreeCreate\","
                + "\"name\":\"" + name + "\"}";
        MavenRun hook = MavenRun.hook(dir, repo.tmp(), work.resolve(name + ".out"), work.resolve(name + ".err"),
                payload, command, path);
        repo.track(hook);
        assertThat(hook.awaitExit(MVN)).as(Files.readString(work.resolve(name + ".err"))).isZero();
        String out = Files.readString(work.resolve(name + ".out"));
        assertThat(out).as("one line: the path").endsWith("\n").doesNotContain("\u001b").hasLineCount(1);
        return out.strip();
    }

    private String hookCommand() throws IOException {
        return new ObjectMapper().readTree(main.resolve(".claude/settings.json").toFile())
                .at("/hooks/WorktreeCreate/0/hooks/0/command").asText();
    }

    /** The real Maven launcher, symlinks resolved. */
    private static Path realMaven() throws IOException {
        return Programs.onPath("mvn").orElseThrow(() -> new AssertionError("no mvn on the PATH of the test")).toRealPath();
    }

    /**
     * A PATH of one directory holding a link to every program of the test's PATH (git, java, sh,
     * the tools Maven's launcher uses) except Maven's own: {@code mvn} is not found.
     */
    private String pathWithoutMaven() throws IOException {
        Path bin = Files.createDirectories(work.resolve("bin"));
        for (String dir : System.getenv("PATH").split(File.pathSeparator)) {
            Path d = Path.of(dir);
            if (!Files.isDirectory(d)) {
                continue;
            }
            try (Stream<Path> programs = Files.list(d)) {
                for (Path program : (Iterable<Path>) programs::iterator) {
                    String name = program.getFileName().toString();
                    Path link = bin.resolve(name);
                    if (!name.startsWith("mvn") && Files.isExecutable(program) && !Files.exists(link)
                            && !Files.isSymbolicLink(link)) {
                        Files.createSymbolicLink(link, program);
                    }
                }
            }
        }
        assertThat(bin.resolve("mvn")).doesNotExist();
        return bin.toString();
    }

    private MavenRun wrapper(Path dir, String name, String path, String... args) throws IOException {
        return repo.track(MavenRun.wrapper(dir, repo.tmp(), work.resolve(name + ".log"), path, args));
    }

    private MavenRun mvn(Path dir, String name, String... args) throws IOException {
        return repo.mvn(dir, name, args);
    }

    private static String git(Path dir, String... args) throws Exception {
        return TestRepos.git(dir, args);
    }
}

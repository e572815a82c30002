package dev.queuelock.maven.extension.reuse;

import static dev.queuelock.testsupport.TestGit.git;
import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.build.reuse.ModuleFiles;
import dev.queuelock.build.reuse.ModuleKeys;
import dev.queuelock.build.reuse.WorkingTree;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.function.Consumer;
import org.apache.maven.execution.DefaultMavenExecutionRequest;
import org.apache.maven.execution.MavenExecutionRequest;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What Maven tells a build reaches its modules' keys: another JDK (version, build, vendor or
 * installation), a user property, a profile asked for or turned off, the Maven version or a
 * {@code -D} in {@code MAVEN_OPTS} each gives a module a new key, read from a Maven request as the
 * extension reads it, on a real git worktree; where artifacts lie and queue-lock's own settings do not.
 * {@code ModuleKeysTest} changes the files (a source, an untracked source, a resource, the POM, a parent POM).
 */
class BuildFactsTest {

    private static final String CORE = "shop:core";
    private static final List<String> JVM = List.of("-Xmx1g", "-Dmaven.home=/usr/share/maven",
            "-Dclassworlds.conf=/usr/share/maven/bin/m2.conf");

    @TempDir
    Path repo;

    private String before;

    @BeforeEach
    void parentAndCoreCommitted() throws Exception {
        write("pom.xml", "<project>parent</project>\n");
        write("core/pom.xml", "<project>core</project>\n");
        write("core/src/main/java/shop/Prices.java", "class Prices {}\n");
        git(repo, "init", "-q", "--initial-branch=main");
        git(repo, "add", "-A");
        git(repo, "commit", "-q", "-m", "parent and core");
        before = key(request(), JVM);
        assertThat(before).isNotNull();
    }

    @Test
    void theJdkAUserPropertyAProfileMavenAndAJvmOptionEachGiveANewKey() throws Exception {
        assertThat(key(request(), JVM)).as("the same build, asked again").isEqualTo(before);
        newKey("another JDK version", r -> r.getSystemProperties().setProperty("java.version", "21.0.1"));
        newKey("another build of the same JDK version", r -> r.getSystemProperties().setProperty("java.vm.version", "17.0.9+9-2"));
        newKey("another vendor's JDK", r -> r.getSystemProperties().setProperty("java.vendor", "Oracle Corporation"));
        newKey("another installation of the same JDK", r -> r.getSystemProperties().setProperty("java.home", "/opt/jdk-17.0.9"));
        newKey("a user property", r -> r.getUserProperties().setProperty("skipITs", "true"));
        newKey("a user property's value", r -> r.getUserProperties().setProperty("shop.note", "other"));
        newKey("a profile asked for", r -> r.addActiveProfile("fast"));
        newKey("a profile turned off", r -> r.addInactiveProfile("slow"));
        newKey("another Maven", r -> r.getSystemProperties().setProperty("maven.version", "4.0.0-rc-6"));
        List<String> withOption = new ArrayList<>(JVM);
        withOption.add("-Dmaven.compiler.release=17");
        assertThat(key(request(), withOption)).as("a -D in MAVEN_OPTS").isNotEqualTo(before);
    }

    @Test
    void whereArtifactsLieHowTheLogLooksQueueLocksOwnSettingsMvndsNameAndTheJvmsOtherOptionsKeepTheKey() throws Exception {
        MavenExecutionRequest request = request();
        request.getUserProperties().setProperty("queuelock.build.affected", "true");
        request.getUserProperties().setProperty("aether.enhancedLocalRepository.split", "true");
        request.getUserProperties().setProperty("maven.repo.local", "/tmp/elsewhere");
        request.getUserProperties().setProperty("style.color", "never");
        request.getUserProperties().setProperty("org.slf4j.simpleLogger.showDateTime", "true");
        List<String> jvm = new ArrayList<>(JVM);
        jvm.add("-Xss4m");
        jvm.add("-Dmvnd.id=5f1c2a"); // an mvnd daemon's own name
        jvm.add("-Dorg.slf4j.simpleLogger.dateTimeFormat=HH:mm:ss.SSS"); // the log's format, through MAVEN_OPTS
        jvm.add("-Dmaven.logger.showDateTime=true");
        assertThat(key(request, jvm)).isEqualTo(before);
    }

    @Test
    void theWorktreesOwnPathIsTakenOut() {
        Path lane = repo.resolveSibling("lane-1");
        MavenExecutionRequest main = request();
        main.getUserProperties().setProperty("out", repo + "/target/out");
        MavenExecutionRequest inLane = request();
        inLane.getUserProperties().setProperty("out", lane + "/target/out");
        assertThat(BuildFacts.of(inLane, List.of("-Dmaven.multiModuleProjectDirectory=" + lane), lane))
                .isEqualTo(BuildFacts.of(main, List.of("-Dmaven.multiModuleProjectDirectory=" + repo), repo));
    }

    /** Core's key differs after {@code change} to the request. */
    private void newKey(String input, Consumer<MavenExecutionRequest> change) throws Exception {
        MavenExecutionRequest request = request();
        change.accept(request);
        assertThat(key(request, JVM)).as(input).isNotEqualTo(before);
    }

    /** A request as Maven 17.0.9 of Temurin, Maven 3.9.9, gives it: no profiles, no user properties. */
    private static MavenExecutionRequest request() {
        Properties system = new Properties();
        system.setProperty("java.version", "17.0.9");
        system.setProperty("java.vm.version", "17.0.9+9");
        system.setProperty("java.vendor", "Eclipse Adoptium");
        system.setProperty("java.home", "/usr/lib/jvm/temurin-17");
        system.setProperty("maven.version", "3.9.9");
        return new DefaultMavenExecutionRequest().setSystemProperties(system).setUserProperties(new Properties());
    }

    private String key(MavenExecutionRequest request, List<String> jvm) throws Exception {
        List<ModuleKeys.Module> modules = List.of(
                new ModuleKeys.Module("shop:parent", new ModuleFiles.Module("", "target", false), "parent model", List.of(), null),
                new ModuleKeys.Module(CORE, new ModuleFiles.Module("core", "target", true), "core model", List.of("shop:parent"), null));
        return ModuleKeys.of(WorkingTree.read(repo), BuildFacts.of(request, jvm, repo), ".mvn", modules).key(CORE);
    }

    private void write(String path, String text) throws Exception {
        Path file = repo.resolve(path);
        Files.createDirectories(file.getParent());
        Files.writeString(file, text);
    }
}

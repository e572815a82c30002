package dev.queuelock.land.lanes;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.land.lanes.MavenCommands.Kind;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which command lines are a Maven run: each as the process layer reads it from a real launcher of that kind. */
class MavenCommandsTest {

    private static final String JAVA = "/usr/lib/jvm/java-17-openjdk-amd64/bin/java";
    private static final String LANE = "/home/me/shop-lane-2";

    @Test
    void mavensOwnLaunchers3And4AreMavenRuns() {
        assertThat(kind(JAVA, "-classpath", "/opt/maven/boot/plexus-classworlds-2.9.0.jar",
                "-Dclassworlds.conf=/opt/maven/bin/m2.conf", "-Dmaven.home=/opt/maven", "-Dlibrary.jansi.path=/opt/maven/lib/jansi-native",
                "-Dmaven.multiModuleProjectDirectory=" + LANE, "org.codehaus.plexus.classworlds.launcher.Launcher", "-B", "verify"))
                .as("mvn 3.9").isEqualTo(Kind.MAVEN);
        assertThat(kind(JAVA, "--enable-native-access=ALL-UNNAMED", "-classpath", "/opt/maven4/boot/plexus-classworlds-2.8.0.jar",
                "-Dclassworlds.conf=/opt/maven4/bin/m2.conf", "-Dmaven.home=/opt/maven4", "-Dmaven.mainClass=org.apache.maven.cling.MavenCling",
                "org.codehaus.plexus.classworlds.launcher.Launcher", "verify")).as("mvn 4").isEqualTo(Kind.MAVEN);
        assertThat(kind("/bin/sh", "/usr/bin/mvn", "-B", "verify")).as("Debian's mvn script before it execs java").isEqualTo(Kind.MAVEN);
    }

    @Test
    void theMavenWrapperInAllItsFormsIsAMavenRun() {
        assertThat(kind(JAVA, "-classpath", LANE + "/.mvn/wrapper/maven-wrapper.jar", "-Dmaven.multiModuleProjectDirectory=" + LANE,
                "org.apache.maven.wrapper.MavenWrapperMain", "-B", "verify"))
                .as("mvnw with maven-wrapper.jar: Maven runs inside this JVM").isEqualTo(Kind.MAVEN);
        assertThat(kind("/usr/bin/dash", "./mvnw", "-B", "verify")).as("the script-only mvnw while it unpacks Maven").isEqualTo(Kind.MAVEN);
        assertThat(kind("/bin/bash", LANE + "/mvnw", "validate")).isEqualTo(Kind.MAVEN);
    }

    @Test
    void mvndsClientIsAMavenRunItsDaemonIsAHost() {
        assertThat(kind("/opt/mvnd/bin/mvnd", "-B", "verify")).as("the native client").isEqualTo(Kind.MAVEN);
        assertThat(kind(JAVA, "-classpath", "/opt/mvnd/mvn/lib/mvnd/mvnd-client-1.0.2.jar", "-Dmvnd.home=/opt/mvnd",
                "org.mvndaemon.mvnd.client.DefaultClient", "verify")).as("the JVM client").isEqualTo(Kind.MAVEN);
        assertThat(kind(JAVA, "-classpath", "/opt/mvnd/mvn/boot/plexus-classworlds-2.8.0.jar",
                "-javaagent:/opt/mvnd/mvn/lib/mvnd/mvnd-agent-1.0.2.jar", "-Dmvnd.home=/opt/mvnd", "-Dmaven.home=/opt/mvnd/mvn",
                "-Dclassworlds.conf=/opt/mvnd/bin/mvnd-daemon.conf", "-Dmvnd.id=5f1d2c3a", "org.codehaus.plexus.classworlds.launcher.Launcher"))
                .as("the daemon works wherever its first client was").isEqualTo(Kind.DAEMON);
    }

    @Test
    void forkedTestJvmsAndOurCliAreMavenRuns() {
        assertThat(kind(JAVA, "-jar", LANE + "/core/target/surefire/surefirebooter-20261204164000123_3.jar",
                LANE + "/core/target/surefire", "2026-12-04T16-40-00_042-jvmRun1", "surefire-20261204164000123_1tmp"))
                .as("surefire's manifest-only jar").isEqualTo(Kind.MAVEN);
        assertThat(kind(JAVA, "-cp", LANE + "/core/target/test-classes", "org.apache.maven.surefire.booter.ForkedBooter",
                LANE + "/core/target/surefire")).as("a fork without the manifest-only jar").isEqualTo(Kind.MAVEN);
        assertThat(kind(JAVA, "-jar", "/home/me/.m2/repository/dev/queuelock/queue-lock-core/0.1.0/queue-lock-core-0.1.0-cli.jar",
                "build-lock", "--", "npm", "test")).as("our CLI").isEqualTo(Kind.MAVEN);
    }

    @Test
    void shellsEditorsAndServersAreNot() {
        assertThat(kind("/bin/bash")).isEqualTo(Kind.OTHER);
        assertThat(kind("/usr/bin/vim", "mvnw")).as("editing the wrapper is no build").isEqualTo(Kind.OTHER);
        assertThat(kind(JAVA, "-jar", LANE + "/target/shop-1.0.jar", "--server.port=9102")).isEqualTo(Kind.OTHER);
        assertThat(kind("node", LANE + "/node_modules/.bin/vite")).isEqualTo(Kind.OTHER);
        assertThat(kind(JAVA, "-cp", "app.jar", "com.example.Launcher")).as("only Maven's launcher").isEqualTo(Kind.OTHER);
    }

    @Test
    void aCommandLineRewrittenAsOneStringIsReadWordByWord() {
        assertThat(MavenCommands.of(List.of("java -cp maven-wrapper.jar org.apache.maven.wrapper.MavenWrapperMain verify")))
                .isEqualTo(Kind.MAVEN);
        assertThat(MavenCommands.of(List.of("postgres: checkpointer"))).isEqualTo(Kind.OTHER);
    }

    private static Kind kind(String... arguments) {
        return MavenCommands.of(List.of(arguments));
    }
}

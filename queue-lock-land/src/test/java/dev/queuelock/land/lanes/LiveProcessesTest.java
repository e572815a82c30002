package dev.queuelock.land.lanes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.process.Occupant;
import dev.queuelock.process.Processes;
import dev.queuelock.testsupport.ChildProcess;
import dev.queuelock.testsupport.ChildProcesses;
import dev.queuelock.testsupport.FakeAgent;
import dev.queuelock.testsupport.Timing;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/** Which processes keep a lane: real processes, seen through whichever process layer this JVM uses. */
class LiveProcessesTest {

    /** Kills each started process with its children (the wrapper script's sleep) after every test. */
    @RegisterExtension
    final ChildProcesses children = new ChildProcesses();

    @TempDir
    Path tmp;

    @Test
    void anAgentKeepsItsLaneAShellIsOnlyNamed() throws Exception {
        Path agentLane = Files.createDirectories(tmp.resolve("lane-1")).toRealPath();
        Path shellLane = Files.createDirectories(tmp.resolve("lane-2")).toRealPath();
        ChildProcess agent = start(agentCommand(), agentLane);
        ChildProcess shell = children.command("sh", List.of("sh")).in(shellLane).openInput() // waits on it, as a terminal left open
                .log(tmp.resolve("process-sh.log")).start();

        LaneUse use = LaneUse.defaults();
        await().until(() -> LiveProcesses.now(use).keeps(agentLane));
        LiveProcesses processes = LiveProcesses.now(use);
        assumeThat(processes.known()).as(processes.unknownBecause().orElse("")).isTrue();

        assertThat(processes.keeps(shellLane)).as("a shell does not keep a lane").isFalse();
        assertThat(processes.bystanders(shellLane)).extracting(Occupant::pid).containsExactly(shell.pid());
        assertThat(processes.bystanders(agentLane)).isEmpty();
        assertThat(processes.keeps(tmp.resolve("lane-3"))).as("nobody there").isFalse();
        assertThat(agent.isAlive()).isTrue();
    }

    @Test
    void theWrappersScriptAndAForkedTestJvmKeepTheirLanesMvndsDaemonDoesNot() throws Exception {
        Path scriptLane = Files.createDirectories(tmp.resolve("lane-4")).toRealPath();
        Path forkLane = Files.createDirectories(tmp.resolve("lane-5")).toRealPath();
        Path daemonLane = Files.createDirectories(tmp.resolve("lane-6")).toRealPath();
        // The script-only Maven Wrapper, as it runs while it unpacks Maven: sh ./mvnw.
        Path mvnw = scriptLane.resolve("mvnw");
        Files.writeString(mvnw, "#!/bin/sh\nsleep 600\nexit 0\n");
        Files.setPosixFilePermissions(mvnw, PosixFilePermissions.fromString("rwxr-xr-x"));
        start(List.of("sh", "./mvnw", "-B", "verify"), scriptLane);
        // A test JVM as surefire forks it (from mvnd's daemon, say): java -jar target/surefire/surefirebooter*.jar,
        // its parent not in the lane.
        ChildProcess fork = start(List.of(ChildProcesses.java(), "-jar", booterJar(forkLane).toString(), forkLane + "/target/surefire"),
                forkLane);
        // mvnd's daemon, started from this lane by its first client: a host, not a build.
        ChildProcess daemon = start(List.of(ChildProcesses.java(), "-Dmvnd.id=5f1d2c3a", "-cp", testClasses(), Sleeper.class.getName(),
                "org.codehaus.plexus.classworlds.launcher.Launcher"), daemonLane);

        LaneUse use = LaneUse.defaults();
        await().atMost(Timing.forChildToStart()).until(() -> LiveProcesses.now(use).keeps(scriptLane) && LiveProcesses.now(use).keeps(forkLane)
                && !LiveProcesses.now(use).bystanders(daemonLane).isEmpty());
        LiveProcesses processes = LiveProcesses.now(use);
        assumeThat(processes.known()).as(processes.unknownBecause().orElse("")).isTrue();

        assertThat(processes.keeper(scriptLane)).get().asString().startsWith("Maven run ");
        assertThat(processes.keeper(forkLane)).contains("Maven run java (pid " + fork.pid() + ")");
        assertThat(processes.bystanders(forkLane)).isEmpty();
        assertThat(processes.keeps(daemonLane)).as("mvnd's daemon works wherever its first client was").isFalse();
        assertThat(processes.bystanders(daemonLane)).extracting(Occupant::pid).containsExactly(daemon.pid());
    }

    @Test
    void aProcessWhoseCommandLineCannotBeReadKeepsItsLaneAndSaysWhy() throws Exception {
        Path lane = Files.createDirectories(tmp.resolve("lane-7")).toRealPath();
        ChildProcess sleeper = start(List.of("sleep", "600"), lane);
        LaneUse use = LaneUse.defaults();
        await().until(() -> !LiveProcesses.now(use).bystanders(lane).isEmpty());
        assumeThat(LiveProcesses.now(use).known()).isTrue();

        // As macOS answers about another user's process: where it works, and its name, but not its arguments.
        LiveProcesses processes = LiveProcesses.now(use,
                pid -> pid == sleeper.pid() ? Optional.empty() : Processes.current().arguments(pid));

        assertThat(processes.keeper(lane)).contains("cannot tell what sleep (pid " + sleeper.pid() + ") is: its command line cannot be read");
        assertThat(processes.bystanders(lane)).isEmpty();
        assertThat(LiveProcesses.now(use).keeps(lane)).as("read, it is only a sleep").isFalse();
    }

    @Test
    void agentNamesComeFromTheSettingByPrefixInAnyCase() {
        LaneUse use = LaneUse.from(Map.of(LaneUse.AGENT_PROCESSES.name(), "claude, Codex"));
        assertThat(use.isAgent("claude")).isTrue();
        assertThat(use.isAgent("claude.ex")).as("lsof on macOS cuts names short").isTrue();
        assertThat(use.isAgent("codex-cli")).isTrue();
        assertThat(use.isAgent("bash")).isFalse();
        assertThat(LaneUse.defaults().isAgent("codex")).isFalse();
    }

    @Test
    void disposableUntrackedPatternsMatchThePathAndWhatIsUnderIt() {
        LaneUse use = LaneUse.from(Map.of(LaneUse.DISPOSABLE_UNTRACKED.name(), "scratchpad/, notes.md"));
        assertThat(use.isDisposable("scratchpad/")).isTrue();
        assertThat(use.isDisposable("scratchpad/run.log")).isTrue();
        assertThat(use.isDisposable("notes.md")).isTrue();
        assertThat(use.isDisposable("scratchpads/x")).isFalse();
        assertThat(use.isDisposable("src/notes.md")).isFalse();
        assertThat(LaneUse.defaults().isDisposable("scratchpad/")).isFalse();
    }

    private ChildProcess start(String program, Path dir) {
        return start(List.of(program, "600"), dir);
    }

    /** Output beside the lanes, not in them. */
    private ChildProcess start(List<String> command, Path dir) {
        return children.command(command.get(0), command).in(dir).log(tmp.resolve("process-" + dir.getFileName() + ".log")).start();
    }

    /** A manifest-only jar as surefire writes one: its class path and main class in the manifest. */
    private static Path booterJar(Path lane) throws Exception {
        Path jar = Files.createDirectories(lane.resolve("target/surefire")).resolve("surefirebooter-20261204164000123_3.jar");
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(Attributes.Name.CLASS_PATH, Path.of(testClasses()).toUri().toString());
        manifest.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Sleeper.class.getName());
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream ignored = new JarOutputStream(out, manifest)) {
            return jar;
        }
    }

    /** This test's own classes (where {@link Sleeper} is). */
    private static String testClasses() throws Exception {
        return Path.of(Sleeper.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }

    /** A JVM that only waits, to be started with the command line of the process it stands for. */
    public static final class Sleeper {
        public static void main(String[] args) throws InterruptedException {
            Thread.sleep(600_000);
        }
    }

    private String agentCommand() throws Exception {
        return FakeAgent.program(tmp.resolve("bin")).toString();
    }
}

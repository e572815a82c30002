package dev.queuelock.land.lanes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;
import static org.awaitility.Awaitility.await;

import dev.queuelock.process.Occupant;
import dev.queuelock.testsupport.FakeAgent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which processes keep a lane: real processes, seen through whichever process layer this JVM uses. */
class LiveProcessesTest {

    @TempDir
    Path tmp;

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stop() {
        started.forEach(Process::destroyForcibly);
    }

    @Test
    void anAgentKeepsItsLaneAShellIsOnlyNamed() throws Exception {
        Path agentLane = Files.createDirectories(tmp.resolve("lane-1")).toRealPath();
        Path shellLane = Files.createDirectories(tmp.resolve("lane-2")).toRealPath();
        Process agent = start(agentCommand(), agentLane);
        Process shell = start("sh", shellLane); // waits on its standard input, as a terminal left open

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
    void agentNamesComeFromTheSettingByPrefixInAnyCase() {
        LaneUse use = LaneUse.from(Map.of(LaneUse.AGENT_PROCESSES, "claude, Codex"));
        assertThat(use.isAgent("claude")).isTrue();
        assertThat(use.isAgent("claude.ex")).as("lsof on macOS cuts names short").isTrue();
        assertThat(use.isAgent("codex-cli")).isTrue();
        assertThat(use.isAgent("bash")).isFalse();
        assertThat(LaneUse.defaults().isAgent("codex")).isFalse();
    }

    @Test
    void disposableUntrackedPatternsMatchThePathAndWhatIsUnderIt() {
        LaneUse use = LaneUse.from(Map.of(LaneUse.DISPOSABLE_UNTRACKED, "scratchpad/, notes.md"));
        assertThat(use.isDisposable("scratchpad/")).isTrue();
        assertThat(use.isDisposable("scratchpad/run.log")).isTrue();
        assertThat(use.isDisposable("notes.md")).isTrue();
        assertThat(use.isDisposable("scratchpads/x")).isFalse();
        assertThat(use.isDisposable("src/notes.md")).isFalse();
        assertThat(LaneUse.defaults().isDisposable("scratchpad/")).isFalse();
    }

    private Process start(String program, Path dir) throws Exception {
        List<String> command = program.equals("sh") ? List.of("sh") : List.of(program, "600");
        Process process = new ProcessBuilder(command).directory(dir.toFile()).start();
        started.add(process);
        return process;
    }

    private String agentCommand() throws Exception {
        return FakeAgent.program(tmp.resolve("bin")).toString();
    }
}

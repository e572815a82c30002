package dev.queuelock.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.queuelock.testsupport.ProcessTree;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The process layer's choice, its matching rule, and both implementations against real processes. */
class ProcessesTest {

    @TempDir
    Path tmp;

    private Process sleeper;

    @AfterEach
    void stop() {
        if (sleeper != null) {
            ProcessTree.destroy(sleeper);
        }
    }

    @Test
    void portableIsForcedByTheVariableAndTheChoiceIsNamed() {
        assertThat(Processes.choose("portable").name()).isEqualTo("portable");
        assertThat(Processes.choose("portable").describe()).isEqualTo("process facts: portable (QUEUELOCK_PROCESSES=portable)");
        Processes auto = Processes.choose("bogus");
        assertThat(auto.describe()).contains("QUEUELOCK_PROCESSES=bogus is neither linux nor portable, ignored");
        if (new File("/proc/self/stat").canRead()) {
            assertThat(auto.name()).isEqualTo("linux");
            assertThat(Processes.choose(null).describe()).isEqualTo("process facts: linux (/proc is readable)");
        }
    }

    /** An mvnd daemon runs build after build, each in its client's environment: the first build's variable must not choose for the next. */
    @Test
    void theChoiceFollowsTheVariableAsItIsNowNotAsItWasFirst() {
        assertThat(Processes.forEnvironment("portable").name()).isEqualTo("portable");
        Processes auto = Processes.forEnvironment(null);
        assertThat(auto.name()).isEqualTo(new File("/proc/self/stat").canRead() ? "linux" : "portable");
        assertThat(auto.describe()).doesNotContain("QUEUELOCK_PROCESSES");
        assertThat(Processes.forEnvironment(null)).as("kept while the variable stays as it was").isSameAs(auto);
        assertThat(Processes.forEnvironment("portable").name()).isEqualTo("portable");
        assertThat(Processes.current().name()).isEqualTo(
                "portable".equals(System.getenv(Processes.ENV)) || !new File("/proc/self/stat").canRead() ? "portable" : "linux");
    }

    @Test
    void bothImplementationsKnowThisJvmsPid() {
        long pid = ProcessHandle.current().pid();
        assertThat(Processes.choose("portable").ownPid()).isEqualTo(pid);
        assertThat(Processes.choose(null).ownPid()).isEqualTo(pid);
        assertThat(Processes.choose(null).ownPid()).as("once read, kept").isEqualTo(pid);
    }

    @Test
    void aTokenMatchesItselfAnUnknownStartOrTheOtherSchemeButNotAnotherStartOfItsScheme() {
        assertThat(ProcessStart.matches("epoch-ms:5", "epoch-ms:5")).isTrue();
        assertThat(ProcessStart.matches(null, "epoch-ms:5")).isTrue();
        assertThat(ProcessStart.matches("epoch-ms:5", null)).isTrue();
        assertThat(ProcessStart.matches("linux:b:7", "epoch-ms:5")).as("cannot compare: never free on a guess").isTrue();
        assertThat(ProcessStart.matches("epoch-ms:5", "epoch-ms:2005")).as("two seconds apart: another process that got the pid").isFalse();
        // Two JVMs on Linux add a process's start ticks to the boot time each read in whole seconds.
        assertThat(ProcessStart.matches("epoch-ms:1796682222680", "epoch-ms:1796682223680")).as("one process read a second apart").isTrue();
        assertThat(ProcessStart.matches("epoch-ms:nonsense", "epoch-ms:5")).isFalse();
        assertThat(ProcessStart.matches("linux:b:7", "linux:c:7")).isFalse();
    }

    @Test
    void oneProcessIdRuleEitherWayRound() {
        ProcessId recorded = ProcessId.of(42, "epoch-ms:5");
        assertThat(recorded.sameProcessAs(ProcessId.of(42, null))).isTrue();
        assertThat(ProcessId.of(42, null).sameProcessAs(recorded)).isTrue();
        assertThat(recorded.sameProcessAs(ProcessId.of(42, "epoch-ms:2006"))).isFalse();
        assertThat(ProcessId.of(42, "epoch-ms:2006").sameProcessAs(recorded)).isFalse();
        assertThat(recorded.sameProcessAs(ProcessId.of(43, "epoch-ms:5"))).isFalse();
        assertThat(ProcessId.of(42, "")).isEqualTo(ProcessId.of(42, null));
    }

    @Test
    void anAncestorIsJudgedByItsStartToken() {
        ProcessId self = ProcessId.current();
        assertThat(self.isSelfOrAncestor()).isTrue();
        String other = self.start().orElseThrow().startsWith("linux:") ? "linux:other-boot:1" : "epoch-ms:1";
        assertThat(ProcessId.of(self.pid(), other).isSelfOrAncestor()).as("a recycled pid is no ancestor").isFalse();
    }

    @Test
    void bothImplementationsTellALiveProcessFromItsRecycledPid() throws Exception {
        sleeper = new ProcessBuilder("sleep", "60").start();
        for (Processes processes : implementations()) {
            String start = processes.startToken(sleeper.pid()).orElseThrow();
            assertThat(processes.isAlive(sleeper.pid(), start)).as(processes.name()).isTrue();
            assertThat(processes.isAlive(sleeper.pid(), null)).as(processes.name()).isTrue();
            String other = start.startsWith("linux:") ? "linux:other-boot:1" : "epoch-ms:1";
            assertThat(processes.isAlive(sleeper.pid(), other)).as(processes.name() + ": recycled").isFalse();
        }
        sleeper.destroyForcibly().waitFor();
        for (Processes processes : implementations()) {
            assertThat(processes.isAlive(sleeper.pid(), null)).as(processes.name() + ": ended").isFalse();
        }
    }

    @Test
    void bothImplementationsSeeWhereAProcessWorksWithItsNameAndParent() throws Exception {
        sleeper = new ProcessBuilder("sleep", "60").directory(tmp.toFile()).start();
        for (Processes processes : implementations()) {
            Occupants occupants = processes.occupants();
            assumeTrue(occupants.known(), () -> occupants.unknownBecause().orElse(""));
            Awaitility.await().until(() -> find(processes.occupants().all(), sleeper.pid()).isPresent());
            Occupant found = find(processes.occupants().all(), sleeper.pid()).orElseThrow();
            assertThat(found.directory()).as(processes.name()).isEqualTo(tmp.toRealPath());
            assertThat(found.command()).as(processes.name()).isEqualTo("sleep");
            assertThat(found.parent()).as(processes.name()).isEqualTo(ProcessHandle.current().pid());
            assertThat(find(occupants.all(), ProcessHandle.current().pid())).as("not this JVM").isEmpty();
        }
    }

    @Test
    void bothImplementationsReadAProcesssArgumentsUntilItEnds() throws Exception {
        sleeper = new ProcessBuilder("sleep", "60").start();
        for (Processes processes : implementations()) {
            List<String> args = processes.arguments(sleeper.pid()).orElseThrow();
            assertThat(Path.of(args.get(0)).getFileName()).as(processes.name()).hasToString("sleep");
            assertThat(args.subList(1, args.size())).as(processes.name()).containsExactly("60");
        }
        sleeper.destroyForcibly().waitFor();
        for (Processes processes : implementations()) {
            assertThat(processes.arguments(sleeper.pid())).as(processes.name() + ": ended").isEmpty();
        }
    }

    @Test
    void withoutLsofThePortableLayerSaysSoAndNobodyCanTell() {
        Occupants occupants = LsofDirectories.read("lsof-not-installed-" + System.nanoTime());

        assertThat(occupants.known()).isFalse();
        assertThat(occupants.all()).isEmpty();
        assertThat(occupants.unknownBecause()).get().asString()
                .startsWith("lsof is not installed").contains("nobody can tell which processes work where").endsWith("install lsof")
                .as("the lock's process layer says what it cannot tell; what that means for a lane is the lanes' to say")
                .doesNotContain("lane");
    }

    @Test
    void lsofFieldsAreReadProcessByProcess() {
        String out = "p10\nR1\ncclaude\nfcwd\nn/work/lane 1\np11\nR10\ncbash\nn/tmp\np12\nR1\ncx\n";
        List<Occupant> found = LsofDirectories.parse(out, 11);
        assertThat(found).hasSize(1);
        assertThat(found.get(0).command()).isEqualTo("claude");
        assertThat(found.get(0).parent()).isEqualTo(1);
        assertThat(found.get(0).directory()).isEqualTo(Path.of("/work/lane 1"));
    }

    private static Optional<Occupant> find(List<Occupant> all, long pid) {
        return all.stream().filter(o -> o.pid() == pid).findFirst();
    }

    private static List<Processes> implementations() throws IOException {
        Optional<Processes> linux = LinuxProcesses.ifReadable("test");
        return linux.isPresent() ? List.of(linux.get(), new PortableProcesses("test")) : List.of(new PortableProcesses("test"));
    }
}

package dev.queuelock.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.queuelock.testsupport.ProcessTree;
import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Which processes keep a dead holder's tree: on Linux, environments naming the holder, read through
 * /proc; in the portable implementation, the children the holder recorded. Real processes.
 */
class HolderTreeTest {

    // A pid no process has (above the kernel's limit), so only the environments below can match.
    private static final long HOLDER = 9_999_999;
    private static final String START = "linux:test:" + System.nanoTime();
    private static final String TOKEN = HOLDER + "/" + START;

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stop() {
        started.forEach(ProcessTree::destroy);
    }

    @Test
    void aProcessListingTheHolderAnywhereInTheVariableKeepsItsTree() throws Exception {
        assumeProc();
        startWith(Map.of(HolderTree.ENV, "1/linux:x:1;" + TOKEN));

        assertThat(EnvironScan.anyStartedBy(HOLDER, START)).isTrue();
    }

    @Test
    void theTokenElsewhereOrAsPartOfAnotherDoesNotCount() throws Exception {
        assumeProc();
        startWith(Map.of("NOT_" + HolderTree.ENV, TOKEN));
        startWith(Map.of("OTHER", HolderTree.ENV + "=" + TOKEN));
        startWith(Map.of(HolderTree.ENV, "1" + TOKEN + ";" + TOKEN + "0"));

        assertThat(EnvironScan.anyStartedBy(HOLDER, START)).isFalse();
    }

    @Test
    void theKeepersAreTheTreesRootsNotTheirDescendants() throws Exception {
        assumeProc();
        Process shell = startWith(Map.of(HolderTree.ENV, TOKEN), "sh", "-c", "sleep 60 & wait");
        Processes linux = Processes.choose(null);
        await().atMost(Duration.ofSeconds(30)).until(() -> shell.descendants().count() == 1);

        assertThat(EnvironScan.startedBy(HOLDER, START)).as("the whole tree carries the holder").hasSize(2);
        assertThat(linux.keepers(HOLDER, START)).as("status names the shell, not its sleep").containsExactly(shell.pid());
        assertThat(linux.keepers(HOLDER, "linux:test:other")).isEmpty();
    }

    @Test
    void portableKeepersAreTheRecordedChildrenThatRun() throws Exception {
        Processes portable = new PortableProcesses("test");
        long self = ProcessHandle.current().pid();
        String selfStart = portable.startToken(self).orElseThrow();
        Process child = startWith(Map.of());
        portable.started(child);

        assertThat(portable.keepers(self, selfStart)).containsExactly(child.pid());

        child.destroyForcibly();
        child.waitFor(30, TimeUnit.SECONDS);
        assertThat(portable.keepers(self, selfStart)).isEmpty();
    }

    @Test
    void portableTreeRunsWhileARecordedChildRunsAndEndsWithIt() throws Exception {
        Processes portable = new PortableProcesses("test");
        long self = ProcessHandle.current().pid();
        String selfStart = portable.startToken(self).orElseThrow();
        Process child = startWith(Map.of());
        portable.started(child);

        assertThat(portable.anyStartedBy(self, selfStart)).as("the recorded child runs").isTrue();
        assertThat(portable.anyStartedBy(self, "epoch-ms:1")).as("another holder with this pid").isFalse();

        child.destroyForcibly();
        child.waitFor(30, TimeUnit.SECONDS);
        assertThat(portable.anyStartedBy(self, selfStart)).as("its only child ended").isFalse();
    }

    @Test
    void portableTreeForgetsAChildThatEndedNormally() throws Exception {
        Processes portable = new PortableProcesses("test");
        long self = ProcessHandle.current().pid();
        Process child = startWith(Map.of());
        portable.started(child);
        portable.ended(child);

        assertThat(portable.anyStartedBy(self, portable.startToken(self).orElseThrow())).isFalse();
    }

    private Process startWith(Map<String, String> env) throws IOException {
        return startWith(env, "sleep", "60");
    }

    private Process startWith(Map<String, String> env, String... command) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().remove(HolderTree.ENV);
        builder.environment().putAll(env);
        Process process = builder.start();
        started.add(process);
        return process;
    }

    private static void assumeProc() {
        assumeTrue(new File("/proc/self/environ").canRead(), "needs /proc (Linux)");
    }
}

package dev.queuelock.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Which environments name a dead holder: real processes, read through /proc. */
class HolderTreeTest {

    // A pid no process has (above the kernel's limit), so only the environments below can match.
    private static final long HOLDER = 9_999_999;
    private static final String START = "linux:test:" + System.nanoTime();
    private static final String TOKEN = HOLDER + "/" + START;

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void stop() {
        started.forEach(Process::destroyForcibly);
    }

    @Test
    void aProcessListingTheHolderAnywhereInTheVariableKeepsItsTree() throws Exception {
        assumeProc();
        startWith(Map.of(HolderTree.ENV, "1/linux:x:1;" + TOKEN));

        assertThat(HolderTree.anyStartedBy(HOLDER, START)).isTrue();
    }

    @Test
    void theTokenElsewhereOrAsPartOfAnotherDoesNotCount() throws Exception {
        assumeProc();
        startWith(Map.of("NOT_" + HolderTree.ENV, TOKEN));
        startWith(Map.of("OTHER", HolderTree.ENV + "=" + TOKEN));
        startWith(Map.of(HolderTree.ENV, "1" + TOKEN + ";" + TOKEN + "0"));

        assertThat(HolderTree.anyStartedBy(HOLDER, START)).isFalse();
    }

    private void startWith(Map<String, String> env) throws IOException {
        ProcessBuilder builder = new ProcessBuilder("sleep", "60").redirectErrorStream(true);
        builder.environment().remove(HolderTree.ENV);
        builder.environment().putAll(env);
        started.add(builder.start());
    }

    private static void assumeProc() {
        assumeTrue(new File("/proc/self/environ").canRead(), "needs /proc (Linux)");
    }
}

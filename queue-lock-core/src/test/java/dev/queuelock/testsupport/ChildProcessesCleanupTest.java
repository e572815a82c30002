package dev.queuelock.testsupport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A test leaves nothing behind: the extension's cleanup ends each child's whole tree, however deep. */
class ChildProcessesCleanupTest {

    @TempDir
    Path tmp;

    @Test
    void aChildsGrandchildIsGoneAfterTheCleanup() throws Exception {
        ChildProcesses children = new ChildProcesses();
        ChildProcess child = startTree(children);
        ProcessHandle grandchild = grandchild(child);

        children.afterEach(null);

        await("the grandchild to be gone").atMost(Duration.ofSeconds(10)).until(() -> !grandchild.isAlive());
    }

    @Test
    void aGrandchildOrphanedByTheTestsOwnKillIsGoneAfterTheCleanup() throws Exception {
        ChildProcesses children = new ChildProcesses();
        ChildProcess child = startTree(children);
        ProcessHandle grandchild = grandchild(child);

        child.kill9(); // as a test killing a wrapper script: its children are re-parented and run on
        assertThat(grandchild.isAlive()).as("orphaned, not killed").isTrue();

        children.afterEach(null);

        await("the orphaned grandchild to be gone").atMost(Duration.ofSeconds(10)).until(() -> !grandchild.isAlive());
    }

    /** A shell starting a shell starting {@code sleep}, the child's grandchild, whose pid it writes to a file. */
    private ChildProcess startTree(ChildProcesses children) {
        List<String> command = List.of("sh", "-c", "sh -c 'sleep 600 & echo $! > \"$0\"; wait' \"$0\"; sleep 600",
                tmp.resolve("grandchild.pid").toString());
        return children.command("tree", command).log(tmp.resolve("tree.log")).start();
    }

    private ProcessHandle grandchild(ChildProcess child) throws Exception {
        Path pidFile = tmp.resolve("grandchild.pid");
        await("the grandchild to start").atMost(LockWorkers.PATIENCE)
                .until(() -> Files.exists(pidFile) && Files.readString(pidFile).endsWith("\n"));
        long pid = Long.parseLong(Files.readString(pidFile).strip());
        ProcessHandle grandchild = ProcessHandle.of(pid).orElseThrow();
        assertThat(child.process().descendants().map(ProcessHandle::pid)).as("started by the child's child").contains(pid);
        return grandchild;
    }
}

package dev.queuelock.testsupport;

import java.nio.file.Path;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scene of a test of the lock across JVMs: a temp directory and {@link LockWorker} child JVMs
 * on it, stopped after each test ({@link ChildProcesses}).
 */
public abstract class LockWorkersTestSupport {

    @RegisterExtension
    protected final ChildProcesses children = new ChildProcesses();

    @TempDir
    protected Path tmp;

    /** Workers on the build queue of a new repository directory in this test's temp directory. */
    protected LockWorkers workersOnNewRepo() {
        return LockWorkers.onNewRepo(children, tmp);
    }
}

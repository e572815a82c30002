package dev.queuelock.testsupport;

import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scene of a test of the {@code queue-lock} CLI: a fresh {@link CliLane} in a temp directory
 * for each test, whose child JVMs are stopped after it ({@link ChildProcesses}).
 */
public abstract class CliLaneTestSupport {

    @RegisterExtension
    protected final ChildProcesses children = new ChildProcesses();

    @TempDir
    protected Path tmp;

    protected CliLane lane;

    @BeforeEach
    void newLane() {
        lane = new CliLane(children, tmp);
    }
}

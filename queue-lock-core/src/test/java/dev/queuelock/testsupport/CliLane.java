package dev.queuelock.testsupport;

import static org.awaitility.Awaitility.await;

import dev.queuelock.backends.QueueLockFactory;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.cli.Main;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;
import org.awaitility.core.ConditionTimeoutException;

/**
 * A lane directory {@code lane-a} with its own queue TMPDIR, and {@code queue-lock} CLI runs on it
 * in child JVMs: cwd the lane, stdout and stderr to {@code <name>.out} / {@code <name>.err}.
 */
public final class CliLane {

    /** How long a CLI child JVM may take to get somewhere on a busy 2-core machine. */
    public static final Duration PATIENCE = Timing.forChildToStart();

    private final ChildProcesses children;
    private final Path tmp;
    private final Path dir;
    private final Path queues;

    public CliLane(ChildProcesses children, Path tmp) {
        this.children = children;
        this.tmp = tmp;
        try {
            this.dir = Files.createDirectory(tmp.resolve("lane-a"));
            this.queues = Files.createDirectory(tmp.resolve("queues"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lane directory: the repository the CLI runs in. */
    public Path dir() {
        return dir;
    }

    /** The TMPDIR of every CLI run here: its queues live in it. */
    public Path queues() {
        return queues;
    }

    /** {@code queue-lock args} from the test class path, started and left running. */
    public ChildProcess start(String name, String... args) {
        return onThisLane(children.jvm(Main.class, args), name).start();
    }

    /** Any command (e.g. {@code java -jar} of the packaged CLI) with this lane's cwd, TMPDIR and output files. */
    public ChildProcess startCommand(String name, List<String> command) {
        return onThisLane(children.command(name, command), name).start();
    }

    private ChildProcesses.Launch onThisLane(ChildProcesses.Launch launch, String name) {
        // Started as a user starts the CLI in a terminal, whatever this test run ignores.
        return launch.in(dir).tmpDir(queues).outputTo(tmp.resolve(name)).defaultSignals();
    }

    /** The build queue of this lane, as {@code status} would see it. */
    public QueueSnapshot snapshot() {
        return QueueLockFactory.defaults().withTmpDir(queues).snapshot("build", dir);
    }

    public void awaitQueue(Predicate<QueueSnapshot> condition) {
        await().atMost(PATIENCE).pollInterval(Duration.ofMillis(50)).until(this::snapshot, condition::test);
    }

    /** Waits until the run has printed {@code text} to stderr (where its wait lines go). */
    public void awaitStderr(ChildProcess run, String text) {
        try {
            await(run + " to print " + text).atMost(PATIENCE).until(() -> run.stderr().contains(text));
        } catch (ConditionTimeoutException e) {
            // What it did print, and whether it still runs, is what tells a slow start from a wrong decision.
            throw new AssertionError(e.getMessage() + "; it " + (run.isAlive() ? "still runs" : "has ended")
                    + " and printed: " + run.stderr(), e);
        }
    }
}

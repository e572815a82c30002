package dev.queuelock.testsupport;

import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Starts {@link LockWorker} JVMs on one queue of one repository, all logging to one results file,
 * and waits for their events with generous bounds (the machine is shared and noisy).
 */
public final class LockWorkers {

    /** How long a child JVM may take to get somewhere: it starts on a busy 2-core machine. */
    public static final Duration PATIENCE = Timing.seconds(60);

    private final ChildProcesses children;
    private final Path tmpDir;
    private final Path repoDir;
    private final Path results;
    private final String queue;
    private final List<String> commonOptions;

    /**
     * @param tmpDir  the TMPDIR of every worker (the queue lives there)
     * @param repoDir a directory inside the repository whose queue they share
     */
    public LockWorkers(ChildProcesses children, Path tmpDir, Path repoDir, String queue) {
        this(children, tmpDir, repoDir, queue, List.of());
    }

    /** @param commonOptions {@link LockWorker} options given to every worker, e.g. the backend settings */
    public LockWorkers(ChildProcesses children, Path tmpDir, Path repoDir, String queue, List<String> commonOptions) {
        this.commonOptions = List.copyOf(commonOptions);
        this.children = children;
        this.tmpDir = tmpDir;
        this.repoDir = repoDir;
        this.queue = queue;
        this.results = tmpDir.resolve("results-" + queue + ".ndjson");
    }

    /** Workers on the build queue of a new directory {@code repo} under {@code tmpDir}, their TMPDIR. */
    public static LockWorkers onNewRepo(ChildProcesses children, Path tmpDir) {
        try {
            return new LockWorkers(children, tmpDir, Files.createDirectory(tmpDir.resolve("repo")), "build");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public Path repoDir() {
        return repoDir;
    }

    public Path results() {
        return results;
    }

    /**
     * @param holdMs how long each round holds; -1 holds until terminated
     * @param options extra {@code key=value} options of {@link LockWorker} (stuckMs, pollMs)
     */
    public ChildProcess start(String label, long holdMs, int rounds, String... options) {
        List<String> args = new ArrayList<>(List.of(tmpDir.toString(), queue, repoDir.toString(),
                Long.toString(holdMs), Integer.toString(rounds), results.toString(), "label=" + label));
        args.addAll(commonOptions);
        args.addAll(List.of(options));
        return children.jvm(LockWorker.class, args).tmpDir(tmpDir).log(tmpDir.resolve("worker-" + label + ".log")).start();
    }

    /** Starts a worker that holds until terminated, and waits until it holds. */
    public ChildProcess startHolder(String label, String... options) {
        ChildProcess holder = start(label, -1, 1, options);
        awaitEvent(holder, "acquired");
        return holder;
    }

    /** Starts a worker and waits until it has enrolled and been told it must wait. */
    public ChildProcess startWaiter(String label, long holdMs, String... options) {
        return startWaiter(label, holdMs, 1, options);
    }

    /** Starts a worker that takes the lock {@code rounds} times and waits until it has enrolled for the first. */
    public ChildProcess startWaiter(String label, long holdMs, int rounds, String... options) {
        ChildProcess waiter = start(label, holdMs, rounds, options);
        awaitEvent(waiter, "enrolled");
        return waiter;
    }

    public void awaitEvent(ChildProcess worker, String event) {
        await(worker + " to log " + event).atMost(PATIENCE).pollInterval(Duration.ofMillis(20)).until(() -> {
            if (!worker.isAlive() && events(event, worker).isEmpty()) {
                throw new AssertionError(worker + " exited before " + event + "; output:\n" + worker.output());
            }
            return !events(event, worker).isEmpty();
        });
    }

    public List<WorkerEvent> events(String event) {
        return WorkerEvent.read(results, event);
    }

    public List<WorkerEvent> events(String event, ChildProcess worker) {
        return WorkerEvent.read(results, event, worker.pid());
    }

    public List<WorkerEvent> all() {
        return WorkerEvent.readAll(results);
    }
}

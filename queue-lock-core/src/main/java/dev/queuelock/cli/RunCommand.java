package dev.queuelock.cli;

import dev.queuelock.AcquireOptions;
import dev.queuelock.QueueLock;
import dev.queuelock.process.HolderTree;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code run}: wait for the queue, run CMD holding it, give it up however CMD or the CLI ends.
 *
 * <p>SIGINT/SIGTERM (and SIGHUP, which the CLI ignores - see {@link Main}) make the JVM run its
 * shutdown hooks; ours stops CMD's whole tree and then releases the lock. A CLI still waiting
 * leaves the queue the same way: the lock's own release withdraws its ticket.
 */
final class RunCommand {

    static final String ENV_STUCK_WARN = "QUEUELOCK_STUCK_WARN";
    static final Duration DEFAULT_KILL_GRACE = Duration.ofSeconds(5);

    /** CMD could not be started: not executable (126) or not found (127), as shells report it. */
    static final int NOT_EXECUTABLE = 126;
    static final int NOT_FOUND = 127;

    static final Set<String> VALUE_OPTIONS = union(QueueOptions.VALUE_OPTIONS,
            Set.of("--label", "--stuck-warn", "--kill-grace"));

    /** How long a CLI that will wait anyway waits for its warm-up before joining the line. */
    private static final Duration WARM_UP_LIMIT = Duration.ofSeconds(1);

    private final QueueOptions queue;
    private final List<String> command;
    private final String label;
    private final Duration stuckWarn;
    private final Duration killGrace;

    RunCommand(Arguments args, Map<String, String> env) {
        this.queue = QueueOptions.from(args, env);
        this.command = args.command();
        if (command.isEmpty() || command.get(0).isEmpty()) {
            throw new UsageException("no command given (put it after --)");
        }
        this.label = args.value("--label", String.join(" ", command));
        String stuck = args.value("--stuck-warn", env.get(ENV_STUCK_WARN));
        this.stuckWarn = stuck == null || stuck.isEmpty()
                ? AcquireOptions.DEFAULT_STUCK_WARN_INTERVAL
                : Arguments.duration(args.has("--stuck-warn") ? "--stuck-warn" : ENV_STUCK_WARN, stuck);
        this.killGrace = args.has("--kill-grace")
                ? Arguments.duration("--kill-grace", args.value("--kill-grace", null))
                : DEFAULT_KILL_GRACE;
    }

    int execute(PrintStream err) throws InterruptedException {
        QueueLock lock = queue.factory.open(queue.queue, queue.dir);
        // Made before the wait, so nothing but the launch itself lies between the lock and CMD.
        ProcessBuilder pb = new ProcessBuilder(command).directory(queue.dir.toFile()).inheritIO();
        // CMD's whole tree carries our identity: if this JVM is kill -9ed, the lock stays held until CMD's tree ends.
        pb.environment().putAll(HolderTree.childEnvironment());
        AtomicBoolean begun = new AtomicBoolean();
        warmUp(lock, pb, begun);

        ChildProcess child = new ChildProcess(killGrace);
        Thread stopper = new Thread(() -> {
            child.stopTree();
            lock.release();
        }, "queue-lock cli stop");
        Runtime.getRuntime().addShutdownHook(stopper);
        try {
            WaitLines lines = new WaitLines(err, queue.queue, lock.lane());
            long started = System.nanoTime();
            // CMD starts as the holder's first step, before the lock tidies up after its take.
            Runnable begin = () -> {
                if (begun.compareAndSet(false, true)) {
                    err.println(lines.acquired(Duration.ofNanos(System.nanoTime() - started)));
                    err.flush();
                    child.start(pb);
                }
            };
            // Our hook releases after stopping CMD's tree; the lock's own hook would free it too early.
            lock.acquire(AcquireOptions.defaults().withLabel(label).withListener(lines::onWait)
                    .withStuckWarnInterval(stuckWarn).withReleaseAtExit(false).withOnTaken(begin));
            begin.run(); // a backend that cannot run it at the take
            try {
                return child.run(pb);
            } catch (IOException e) {
                return cannotStart(e, err);
            }
        } finally {
            releaseUnlessStopping(stopper, lock);
        }
    }

    private static void releaseUnlessStopping(Thread stopper, QueueLock lock) {
        try {
            Runtime.getRuntime().removeShutdownHook(stopper);
            lock.release();
        } catch (IllegalStateException shuttingDown) {
            // The hook is running: it releases once CMD's whole tree is stopped, not before.
        }
    }

    /** Warms up the take and CMD's launch, finishing before the wait if the queue looks busy. */
    private static void warmUp(QueueLock lock, ProcessBuilder pb, AtomicBoolean begun) throws InterruptedException {
        boolean busy = lock.looksBusy();
        // Only a wait has a take worth rehearsing; uncontended, the launch is warmed beside the take.
        WarmUp warmUp = new WarmUp(busy ? lock::warmUp : () -> { }, pb, begun::get);
        warmUp.startOnce();
        if (busy) {
            // A wait is coming: get ready to take and launch before joining the line, not in this
            // JVM's start-up burst, when the turn may come at once (CLIs started together). Its end
            // is awaited, so no rehearsal is cut off by the JVM's exit.
            warmUp.awaitDone(WARM_UP_LIMIT);
        }
    }

    private int cannotStart(IOException e, PrintStream err) {
        String why = String.valueOf(e.getMessage());
        boolean notFound = why.contains("error=2,");
        err.println("queue-lock: cannot run '" + command.get(0) + "' in " + queue.dir + ": "
                + (notFound ? "command not found; check the name and PATH." : why));
        return notFound ? NOT_FOUND : NOT_EXECUTABLE;
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        java.util.HashSet<String> all = new java.util.HashSet<>(a);
        all.addAll(b);
        return Set.copyOf(all);
    }
}

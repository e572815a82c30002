package dev.queuelock.cli;

import java.io.IOException;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * Runs, once, in a daemon thread, while {@code run} starts, enrolls and waits, the two things that
 * lie between getting the lock and CMD's start: the take (the lock's own {@code warmUp}, first, as
 * it is the shorter) and a process launch (a shell that does nothing). A JVM's first launch costs
 * about 20 ms (the launcher's classes, its method handles, the reaper's thread pool), its first
 * take a few ms; without this both fell on every hand-off to a CLI. Begun at once, not at the
 * first wait: then it fell on the first hand-off of CLIs started together. The shell is launched
 * as CMD will be (its environment, identity included: it lives a millisecond). Best effort: no
 * shell, no launcher warm-up.
 */
final class WarmUp {

    private static final String[] NOTHING = {"/bin/sh", "-c", ":"};

    private final Runnable take;
    private final ProcessBuilder launch;
    private final BooleanSupplier launched;
    private Thread thread;

    /**
     * @param take    warms up the lock's take (e.g. {@code QueueLock::warmUp})
     * @param command CMD's, whose launch is rehearsed: same directory, redirects and environment
     *                (building an environment block is part of the launch's first-run cost)
     * @param launched whether CMD's launch began: then there is nothing left to warm up (uncontended)
     */
    WarmUp(Runnable take, ProcessBuilder command, BooleanSupplier launched) {
        this.take = take;
        this.launched = launched;
        this.launch = new ProcessBuilder(NOTHING).directory(command.directory())
                .redirectInput(command.redirectInput()).redirectOutput(command.redirectOutput())
                .redirectError(command.redirectError());
        launch.environment().putAll(command.environment());
    }

    /** Starts the warm-up unless it was started before. */
    synchronized void startOnce() {
        if (thread != null) {
            return;
        }
        thread = new Thread(() -> {
            take.run();
            if (!launched.getAsBoolean()) {
                launchNothing();
            }
        }, "queue-lock warm-up");
        thread.setDaemon(true);
        thread.start();
    }

    /** Waits at most {@code limit} for a started warm-up to end; false if none was started or it goes on. */
    boolean awaitDone(Duration limit) throws InterruptedException {
        Thread started;
        synchronized (this) {
            started = thread;
        }
        if (started == null) {
            return false;
        }
        started.join(Math.max(1, limit.toMillis()));
        return !started.isAlive();
    }

    private void launchNothing() {
        try {
            Process p = launch.start();
            p.waitFor();
        } catch (IOException | RuntimeException e) {
            // no shell here: CMD's launch just stays cold
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

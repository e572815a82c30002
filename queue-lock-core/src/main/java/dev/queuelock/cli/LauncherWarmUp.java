package dev.queuelock.cli;

import java.io.File;
import java.io.IOException;
import java.lang.ProcessBuilder.Redirect;

/**
 * Launches a shell that does nothing, once, in a daemon thread, while {@code run} enrolls and
 * waits. A JVM's first process launch costs about 20 ms (the launcher's classes, its method
 * handles, the reaper's thread pool); without this it fell between getting the lock and CMD
 * starting, on every hand-off. Uncontended, the real launch then finds it done or under way: an
 * uncontended run took no longer (124-131 vs 132-144 ms). Best effort: no shell, no warm-up.
 */
final class LauncherWarmUp {

    private static final String[] NOTHING = {"/bin/sh", "-c", ":"};

    private Thread thread;

    /** Starts the warm-up unless it was started before. */
    synchronized void startOnce() {
        if (thread != null) {
            return;
        }
        thread = new Thread(LauncherWarmUp::launchNothing, "queue-lock launcher warm-up");
        thread.setDaemon(true);
        thread.start();
    }

    /** Waits for a started warm-up to end (for tests); false if none was started. */
    boolean awaitDone() throws InterruptedException {
        Thread started;
        synchronized (this) {
            started = thread;
        }
        if (started == null) {
            return false;
        }
        started.join();
        return true;
    }

    private static void launchNothing() {
        try {
            Process p = new ProcessBuilder(NOTHING).redirectInput(Redirect.from(new File("/dev/null")))
                    .redirectOutput(Redirect.DISCARD).redirectError(Redirect.DISCARD).start();
            p.waitFor();
        } catch (IOException | RuntimeException e) {
            // no shell here: CMD's launch just stays cold
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

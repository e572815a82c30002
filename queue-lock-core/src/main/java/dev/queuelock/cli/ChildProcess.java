package dev.queuelock.cli;

import dev.queuelock.process.HolderTree;
import dev.queuelock.process.TreeStop;
import java.io.IOException;
import java.time.Duration;

/**
 * CMD and everything it starts, stopped as a tree ({@link TreeStop}): its descendants are listed
 * first, since once CMD dies its children are re-parented and no longer ours to find.
 */
final class ChildProcess {

    /** Exit code reported when a stop came before CMD could even start: as if it died of SIGTERM. */
    static final int STOPPED_BEFORE_START = 128 + 15;

    private final Duration grace;
    private Process process;
    private boolean started;
    private IOException startFailure;
    private boolean stopping;

    ChildProcess(Duration grace) {
        this.grace = grace;
    }

    /**
     * Starts CMD, unless it was started already or a stop came first. Run under the lock, as its
     * holder's first step; a failure to start is kept for {@link #run} to report.
     */
    void start(ProcessBuilder command) {
        synchronized (this) {
            // A stop that came first wins: never start a command nobody will stop, after the lock is gone.
            if (started || stopping) {
                return;
            }
            started = true;
            try {
                process = command.start();
                HolderTree.started(process); // its tree keeps our lock if this JVM is killed
            } catch (IOException e) {
                startFailure = e;
            }
        }
    }

    /**
     * Starts CMD unless {@link #start} did, and waits for it.
     *
     * @return CMD's exit code; 128+N if it died of signal N (the JDK reports it that way)
     */
    int run(ProcessBuilder command) throws IOException, InterruptedException {
        start(command);
        Process p;
        synchronized (this) {
            if (startFailure != null) {
                throw startFailure;
            }
            p = process;
        }
        if (p == null) {
            return STOPPED_BEFORE_START;
        }
        int exit = p.waitFor();
        HolderTree.ended(p);
        return exit;
    }

    /** Stops CMD's whole tree (SIGTERM, grace, SIGKILL) and keeps any later {@link #run} from starting. */
    void stopTree() {
        Process p;
        synchronized (this) {
            stopping = true;
            p = process;
        }
        if (p == null || !p.isAlive()) {
            return;
        }
        TreeStop.stopTree(p.toHandle(), grace);
    }
}

package dev.queuelock.process;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Stops what a holder started (a land check build) once the holder has died: its result can never
 * be used, and while it runs it keeps the holder's locks ({@link HolderTree}). A small JVM of its
 * own, one per holder JVM, started before its first check; it reads the holder through a pipe, whose
 * end the kernel closes when the holder dies however it dies ({@code kill -9} too), then waits for
 * the holder's pid to end, stops the holder's tree as the lock judges it ({@link HolderTree#processesStartedBy},
 * both process layers) and says so at the end of the check's log.
 *
 * <p>Over the pipe the holder sends {@code log <path>} as a check starts (where to say it) and
 * {@code done} when it has ended: a holder that dies between checks leaves nothing to stop, and what
 * a finished check left behind on purpose is not the watchdog's business.
 */
public final class OrphanWatchdog {

    /** SIGTERM first: a Maven check build runs its shutdown hooks, a surefire fork is told by its Maven. */
    static final Duration GRACE = Duration.ofSeconds(3);
    /** The end of the pipe comes just before the holder's pid ends: how long that may take. */
    private static final long HOLDER_END_MILLIS = TimeUnit.SECONDS.toMillis(10);

    private static Process watchdog;

    private OrphanWatchdog() {
    }

    /**
     * Before a check starts: makes sure this JVM's watchdog runs and tells it the check's log. If no
     * watchdog can be started (no java, the class path unknown) the check runs as before, unwatched.
     */
    public static synchronized void watch(Path log) {
        try {
            if (watchdog == null || !watchdog.isAlive()) {
                watchdog = start();
            }
            tell("log " + log.toAbsolutePath());
        } catch (IOException | URISyntaxException | RuntimeException e) {
            // unwatched: a kill -9 of this holder leaves the check running in its hold, as before
        }
    }

    /** After a check has ended (however): nothing of it is left to stop. */
    public static synchronized void ended() {
        try {
            if (watchdog != null && watchdog.isAlive()) {
                tell("done");
            }
        } catch (IOException | RuntimeException e) {
            // the watchdog is gone: the next check starts another
        }
    }

    private static void tell(String line) throws IOException {
        OutputStream pipe = watchdog.getOutputStream();
        pipe.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        pipe.flush();
    }

    private static Process start() throws IOException, URISyntaxException {
        Path classes = Paths.get(OrphanWatchdog.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        String self = Long.toString(ProcessHandle.current().pid());
        String start = ProcessStart.current();
        List<String> command = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xshare:auto", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx16m", "-XX:-UsePerfData",
                "-cp", classes.toString(), OrphanWatchdog.class.getName(), self, start == null ? "" : start));
        // Working in "/", not in the lane: a process in a lane keeps it from being pruned.
        ProcessBuilder builder = new ProcessBuilder(command).directory(new java.io.File("/")).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        builder.environment().remove("JAVA_TOOL_OPTIONS"); // a small JVM of ours: no agents, no "Picked up" lines
        builder.environment().remove("JDK_JAVA_OPTIONS");
        return builder.start();
    }

    /** The watchdog: {@code <holder pid> <holder start token>}, the holder's lines on standard input. */
    public static void main(String[] args) throws IOException {
        Hangup.ignore(); // the holder survives a closed terminal, and so must its watchdog
        long holder = Long.parseLong(args[0]);
        String start = args.length > 1 && !args[1].isEmpty() ? args[1] : null;
        String log = runningCheckWhenTheHolderLetsGo(System.in);
        if (log == null || start == null || !ended(holder, start)) {
            return; // no check ran, or a holder that closed the pipe and lives on stops its own checks
        }
        int stopped = TreeStop.stop(() -> HolderTree.processesStartedBy(holder, start), GRACE);
        if (stopped > 0) {
            say(Paths.get(log), "[queue-lock] The lander (pid " + holder + ") has ended: stopped this check build ("
                    + stopped + " process(es)); its result could never be pushed.");
        }
    }

    /** Reads the holder's lines until the pipe closes; the log of the check that still ran then, or null. */
    private static String runningCheckWhenTheHolderLetsGo(InputStream in) throws IOException {
        String log = null;
        StringBuilder line = new StringBuilder();
        for (int b; (b = in.read()) >= 0; ) {
            if (b != '\n') {
                line.append((char) b);
            } else {
                String said = line.toString();
                if (said.startsWith("log ")) {
                    log = new String(said.substring(4).getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
                } else if (said.equals("done")) {
                    log = null;
                }
                line.setLength(0);
            }
        }
        return log;
    }

    private static boolean ended(long holder, String start) {
        long deadline = System.currentTimeMillis() + HOLDER_END_MILLIS;
        while (Liveness.isAlive(holder, start)) {
            if (System.currentTimeMillis() > deadline) {
                return false;
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                return false;
            }
        }
        return true;
    }

    private static void say(Path log, String line) {
        try (PrintStream out = new PrintStream(Files.newOutputStream(log, StandardOpenOption.APPEND), true, "UTF-8")) {
            out.println(line);
        } catch (IOException | RuntimeException e) {
            // the log is gone (the lane removed): nothing to tell
        }
    }
}

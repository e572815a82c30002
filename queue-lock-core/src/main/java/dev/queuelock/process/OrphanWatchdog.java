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
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Stops a holder's running check (a build it started for its work) once the holder has died: its result can never be
 * used, and while it runs it keeps the holder's locks ({@link HolderTree}). A small JVM of its own,
 * one per holder JVM, started with its first check; it reads the holder through a pipe, whose end
 * the kernel closes when the holder dies however it dies ({@code kill -9} too), then waits for the
 * holder's pid to end, stops the check's own process tree ({@link TreeStop#stopTree}) and says so
 * at the end of the check's log.
 *
 * <p>Only the check's tree: a daemon the check started and detached (a build daemon,
 * gpg-agent) carries the holder in its environment too, but it is a host other builds reuse, never
 * a holder to stop; the log names any such process left running.
 *
 * <p>Over the pipe the holder sends {@code log <pid> <start token> <path>} once a check has started
 * and {@code done <pid>} when it has ended: a holder that dies between checks leaves nothing to stop,
 * and what a finished check left behind on purpose is not the watchdog's business. A holder may run
 * several checks at once: each is stopped.
 */
public final class OrphanWatchdog {

    /** The end of the pipe comes just before the holder's pid ends: how long that may take. */
    private static final long HOLDER_END_MILLIS = TimeUnit.SECONDS.toMillis(10);

    /** Sent for a check whose start cannot be read: it is not stopped, as a recycled pid might be hit. */
    private static final String NO_START = "-";

    private static Process watchdog;

    private OrphanWatchdog() {
    }

    /**
     * Right after a check has started: makes sure this JVM's watchdog runs and tells it the check
     * (its process, whose tree it stops, and its log). If no watchdog can be started (no java, the
     * class path unknown) the check runs as before, unwatched.
     */
    public static synchronized void watch(Process check, Path log) {
        try {
            String start = ProcessStart.of(check.pid()).orElse(NO_START);
            if (watchdog == null || !watchdog.isAlive()) {
                watchdog = start();
            }
            tell("log " + check.pid() + " " + start + " " + log.toAbsolutePath());
        } catch (IOException | URISyntaxException | RuntimeException e) {
            // unwatched: a kill -9 of this holder leaves the check running in its hold, as before
        }
    }

    /** After a check has ended (however): nothing of it is left to stop. */
    public static synchronized void ended(Process check) {
        try {
            if (watchdog != null && watchdog.isAlive()) {
                tell("done " + check.pid());
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
        // Working in "/", not where the holder works: a process working in a directory keeps it in use.
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
        Collection<RunningCheck> checks = runningChecksWhenTheHolderLetsGo(System.in);
        if (checks.isEmpty() || start == null || !ended(holder, start)) {
            return; // no check ran, or a holder that closed the pipe and lives on stops its own checks
        }
        Processes processes = Processes.current();
        String leftRunning = null;
        for (RunningCheck check : checks) {
            int stopped = processes.verifiedHandle(check.pid, check.start).map(root -> TreeStop.stopTree(root, TreeStop.GRACE))
                    .orElse(0);
            if (leftRunning == null) {
                leftRunning = leftRunning(processes, holder, start);
            }
            if (stopped > 0 || !leftRunning.isEmpty()) {
                say(check.log, "[queue-lock] The lander (pid " + holder + ") has ended: "
                        + (stopped > 0 ? "stopped this check build (" + stopped + " process(es)); its result could never be pushed"
                        : "this check build had ended")
                        + (leftRunning.isEmpty() ? "." : "; left running: " + leftRunning + ", not part of the check's tree."));
            }
        }
    }

    /**
     * What still carries the holder though the check's tree is stopped: daemons the check started
     * and detached (seen on Linux's layer; the portable one records only the holder's own children).
     */
    private static String leftRunning(Processes processes, long holder, String start) {
        List<String> named = new ArrayList<>();
        for (ProcessHandle p : processes.startedBy(holder, start)) {
            if (p.isAlive()) {
                named.add("pid " + p.pid() + processes.arguments(p.pid()).map(args -> " (" + shortened(String.join(" ", args)) + ")")
                        .orElse(""));
            }
        }
        return String.join(", ", named);
    }

    private static String shortened(String commandLine) {
        return commandLine.length() <= 60 ? commandLine : commandLine.substring(0, 57) + "...";
    }

    /** Reads the holder's lines until the pipe closes; the checks that still ran then. */
    private static Collection<RunningCheck> runningChecksWhenTheHolderLetsGo(InputStream in) throws IOException {
        Map<Long, RunningCheck> checks = new LinkedHashMap<>();
        StringBuilder line = new StringBuilder();
        for (int b; (b = in.read()) >= 0; ) {
            if (b != '\n') {
                line.append((char) b);
            } else {
                String said = new String(line.toString().getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
                if (said.startsWith("log ")) {
                    String[] parts = said.split(" ", 4);
                    long pid = Long.parseLong(parts[1]);
                    checks.put(pid, new RunningCheck(pid, parts[2].equals(NO_START) ? null : parts[2], Paths.get(parts[3])));
                } else if (said.startsWith("done ")) {
                    checks.remove(Long.parseLong(said.substring("done ".length())));
                } else if (said.equals("done")) {
                    checks.clear();
                }
                line.setLength(0);
            }
        }
        return checks.values();
    }

    /** A check as the holder told it: its process and its log. */
    private static final class RunningCheck {
        final long pid;
        final String start;
        final Path log;

        RunningCheck(long pid, String start, Path log) {
            this.pid = pid;
            this.start = start;
            this.log = log;
        }
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
            // the log is gone (its directory removed): nothing to tell
        }
    }
}

package dev.queuelock.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/** A started child process whose output goes to files, with the real signals tests need. */
public final class ChildProcess {

    private final String name;
    private final Process process;
    private final Path stdout;
    private final Path stderr;
    /** Descendants seen before a signal: a killed parent orphans them, and cleanup must still find them. */
    private final Set<ProcessHandle> descendants = ConcurrentHashMap.newKeySet();

    ChildProcess(String name, Process process, Path stdout, Path stderr) {
        this.name = name;
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    public long pid() {
        return process.pid();
    }

    public Process process() {
        return process;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** SIGKILL: no shutdown hook, no cleanup, exactly like {@code kill -9}. Waits for the exit. */
    public void kill9() {
        rememberDescendants();
        process.destroyForcibly();
        awaitExit(Duration.ofSeconds(30));
    }

    /** SIGTERM: the JVM runs its shutdown hooks. */
    public void sigterm() {
        rememberDescendants();
        process.destroy();
    }

    /** A real signal sent the way a user or CI runner sends it: {@code kill -<signal> <pid>}. */
    public void signal(String signal) {
        rememberDescendants();
        try {
            Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid())).inheritIO().start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new AssertionError("kill -" + signal + " " + this + " failed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted signalling " + this, e);
        }
    }

    /**
     * Whether the process ignores {@code signal} ({@code HUP}, {@code INT}, {@code TERM}...), as the
     * SigIgn mask in {@code /proc/<pid>/status} says; false where that cannot be read (not Linux),
     * so a test then runs and fails honestly rather than being skipped.
     */
    public boolean ignores(String signal) {
        int number = Signals.number(signal);
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid()), "status"))) {
                if (line.startsWith("SigIgn:")) {
                    return (Long.parseUnsignedLong(line.substring("SigIgn:".length()).trim(), 16) & (1L << (number - 1))) != 0;
                }
            }
        } catch (IOException | RuntimeException e) {
            // no /proc: cannot tell
        }
        return false;
    }

    /** True if the process exits within the timeout; for tests that expect it to keep running. */
    public boolean exitsWithin(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted waiting for " + this, e);
        }
    }

    /** Waits for the exit and returns the exit code; fails if it does not come within {@code timeout} ({@link Timing}-scaled). */
    public int awaitExit(Duration timeout) {
        Duration bound = Timing.scaled(timeout);
        if (!exitsWithin(bound)) {
            throw new AssertionError(this + " did not exit within " + bound + "; output:\n" + output());
        }
        return process.exitValue();
    }

    /** Everything the process printed so far: the merged log, or stdout then stderr. */
    public String output() {
        return stdout.equals(stderr) ? read(stdout) : "stdout:\n" + read(stdout) + "\nstderr:\n" + read(stderr);
    }

    /** What it printed to stdout so far (with a merged log: everything). */
    public String stdout() {
        return read(stdout);
    }

    /** What it printed to stderr so far (with a merged log: everything). */
    public String stderr() {
        return read(stderr);
    }

    private void rememberDescendants() {
        process.descendants().forEach(descendants::add);
    }

    /** Kills the whole tree, with the descendants seen before a signal, so nothing is left running after a test. */
    void destroyTree() {
        rememberDescendants();
        ProcessTree.destroy(process.toHandle(), descendants);
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String read(Path file) {
        try {
            return Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public String toString() {
        return name + " (pid " + pid() + ")";
    }
}

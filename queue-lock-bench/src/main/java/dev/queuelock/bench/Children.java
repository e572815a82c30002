package dev.queuelock.bench;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Every process the benchmark starts, so none outlives it: {@link #killAll()} runs after each
 * measurement and from a shutdown hook (Ctrl-C).
 */
final class Children {

    private final List<Process> started = new ArrayList<>();

    Children() {
        Runtime.getRuntime().addShutdownHook(new Thread(this::killAll, "bench: kill children"));
    }

    /**
     * Starts {@code command} (an argument array) in {@code cwd}; output goes to {@code log}. A build
     * lock the benchmark itself runs inside ({@code QUEUELOCK_HOLDERS}) or a developer's
     * {@code QUEUELOCK_SKIP} is not passed on: what is measured queues on its own.
     *
     * @param signalled true to keep a pipe to its stdin, for {@link #signal}; else /dev/null
     */
    synchronized Process start(List<String> command, Path cwd, Map<String, String> env, Path log, boolean signalled) {
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(signalled ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().remove("QUEUELOCK_HOLDERS");
        pb.environment().remove("QUEUELOCK_SKIP");
        pb.environment().putAll(env);
        try {
            Process process = pb.start();
            started.add(process);
            return process;
        } catch (IOException e) {
            throw new BenchException("cannot start " + command.get(0) + ": " + e.getMessage());
        }
    }

    /** Sends a worker the line it blocks on (start, or let go of the lock). */
    static void signal(Process worker) {
        try {
            worker.getOutputStream().write('\n');
            worker.getOutputStream().flush();
        } catch (IOException e) {
            throw new BenchException("pid " + worker.pid() + " is gone before it was signalled: " + e.getMessage());
        }
    }

    /** Waits for {@code process} to exit 0; fails with its output otherwise. */
    static void awaitSuccess(Process process, int seconds, Path log) throws InterruptedException {
        if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
            throw new BenchException("pid " + process.pid() + " still running after " + seconds + " s; see " + log);
        }
        if (process.exitValue() != 0) {
            throw new BenchException("pid " + process.pid() + " exited " + process.exitValue() + ": " + tail(log));
        }
    }

    synchronized void killAll() {
        for (Process p : started) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        for (Process p : started) {
            try {
                p.waitFor(5, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        started.clear();
    }

    static String tail(Path log) {
        try {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            return text.length() > 2000 ? "..." + text.substring(text.length() - 2000) : text;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

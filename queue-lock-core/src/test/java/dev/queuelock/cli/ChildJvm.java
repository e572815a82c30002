package dev.queuelock.cli;

import dev.queuelock.process.Liveness;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Starts a main class of the test class path in a child JVM with its own {@code TMPDIR}, and
 * signals processes for real ({@code kill -TERM}). Tests keep every child in {@link #started}
 * and stop them all in {@link #close()}.
 */
public final class ChildJvm implements AutoCloseable {

    private final Path tmpDir;
    private final List<Process> started = new ArrayList<>();

    public ChildJvm(Path tmpDir) {
        this.tmpDir = tmpDir;
    }

    /** {@code java -cp <test class path> main args}, cwd {@code dir}, stdout and stderr to files beside it. */
    public Process start(Path dir, Path logPrefix, Class<?> main, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(javaBinary(), "-XX:TieredStopAtLevel=1", "-Xshare:auto",
                "-cp", System.getProperty("java.class.path"), main.getName()));
        cmd.addAll(List.of(args));
        return start(new ProcessBuilder(cmd).directory(dir.toFile()), logPrefix);
    }

    /** Any command with this helper's TMPDIR, output to {@code <logPrefix>.out} / {@code .err}. */
    public Process start(ProcessBuilder pb, Path logPrefix) throws IOException {
        pb.environment().put("TMPDIR", tmpDir.toString());
        pb.redirectInput(ProcessBuilder.Redirect.PIPE)
                .redirectOutput(new File(logPrefix + ".out"))
                .redirectError(new File(logPrefix + ".err"));
        Process p = pb.start();
        p.getOutputStream().close();
        started.add(p);
        return p;
    }

    /** A real signal, as a user or CI runner would send it: {@code kill -<signal> <pid>}. */
    public static void kill(String signal, long pid) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
        if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            throw new IllegalStateException("kill -" + signal + " " + pid + " failed");
        }
    }

    /** Alive as the lock judges it: a zombie waiting to be reaped does not count. */
    public static boolean isAlive(long pid) {
        return Liveness.isAlive(pid, null);
    }

    public static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    @Override
    public void close() {
        for (Process p : started) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
        for (Process p : started) {
            try {
                p.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}

package dev.queuelock.testsupport;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts child processes (JVMs running a test main, or any command) and kills every one of them,
 * with their descendants, after each test however it ended. Register with
 * {@code @RegisterExtension final ChildProcesses children = new ChildProcesses();}.
 */
public final class ChildProcesses implements AfterEachCallback {

    private final List<ChildProcess> started = Collections.synchronizedList(new ArrayList<>());

    /**
     * A JVM running {@code main} on this JVM's class path, with the same java.
     *
     * @param log file receiving its stdout and stderr
     * @param env extra environment variables (e.g. TMPDIR)
     */
    public ChildProcess jvm(Class<?> main, Path log, Map<String, String> env, List<String> args) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xshare:auto");
        command.add("-XX:TieredStopAtLevel=1"); // short-lived children: start fast
        command.add("-cp");
        command.add(testClassPath());
        command.add(main.getName());
        command.addAll(args);
        return start(main.getSimpleName(), command, log, env, null);
    }

    /** Any command, as an argument array (never a shell string). */
    public ChildProcess start(String name, List<String> command, Path log, Map<String, String> env, Path directory) {
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().putAll(env);
        if (directory != null) {
            pb.directory(directory.toFile());
        }
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            ChildProcess child = new ChildProcess(name, pb.start(), log);
            started.add(child);
            return child;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + command, e);
        }
    }

    /** A plain {@code sleep} process: a live pid that belongs to no lock. */
    public ChildProcess sleeper(Path log) {
        return start("sleep", List.of("sleep", "300"), log, Map.of(), null);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        synchronized (started) {
            started.forEach(ChildProcess::destroyTree);
            started.clear();
        }
    }

    /**
     * The class path of this test run. Surefire's booter puts the real test class path into
     * {@code java.class.path} even when it starts the fork through a manifest-only jar.
     */
    static String testClassPath() {
        return System.getProperty("java.class.path");
    }
}

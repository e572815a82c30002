package dev.queuelock.testsupport;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The one way tests start child processes (JVMs running a test main, or any command): every one
 * is killed, with its descendants, after each test however it ended. Register with
 * {@code @RegisterExtension final ChildProcesses children = new ChildProcesses();}, then e.g.
 * {@code children.jvm(LockWorker.class, args).tmpDir(tmp).log(tmp.resolve("w.log")).start()}.
 */
public final class ChildProcesses implements AfterEachCallback {

    private final List<ChildProcess> started = Collections.synchronizedList(new ArrayList<>());

    /** A JVM running {@code main} on this JVM's class path, with the same java. */
    public Launch jvm(Class<?> main, List<String> args) {
        List<String> command = new ArrayList<>(List.of(java(), "-Xshare:auto",
                "-XX:TieredStopAtLevel=1", // short-lived children: start fast
                // The test run's temp dir (target/tmp under Maven), so children leave nothing in /tmp either.
                "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
                "-cp", testClassPath(), main.getName()));
        command.addAll(args);
        return new Launch(main.getSimpleName(), command);
    }

    public Launch jvm(Class<?> main, String... args) {
        return jvm(main, Arrays.asList(args));
    }

    /** Any command, as an argument array (never a shell string). */
    public Launch command(String name, List<String> command) {
        return new Launch(name, command);
    }

    /** A plain {@code sleep} process: a live pid that belongs to no lock. */
    public ChildProcess sleeper(Path log) {
        return command("sleep", List.of("sleep", "300")).log(log).start();
    }

    /** The java binary of this JVM, for children that must run the same one ({@code java -jar}). */
    public static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
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

    /** What to start and how; stdin is empty ({@code /dev/null}) unless kept open, so no child waits for input by accident. */
    public final class Launch {

        private final String name;
        private final List<String> command;
        private final Map<String, String> env = new LinkedHashMap<>();
        private Path directory;
        private Path stdout;
        private Path stderr;
        private boolean defaultSignals;
        private boolean openInput;

        private Launch(String name, List<String> command) {
            this.name = name;
            this.command = List.copyOf(command);
        }

        /** Working directory (default: this JVM's). */
        public Launch in(Path directory) {
            this.directory = directory;
            return this;
        }

        public Launch env(String name, String value) {
            env.put(name, value);
            return this;
        }

        /** The child's {@code TMPDIR}: where its queues live, so it never touches the real /tmp ones. */
        public Launch tmpDir(Path dir) {
            return env("TMPDIR", dir.toString());
        }

        /**
         * SIGHUP, SIGINT and SIGTERM handled by default in the child, as in a terminal's foreground
         * job, even if this test run ignores them (see {@link Signals#withDefaultSignals}).
         */
        public Launch defaultSignals() {
            this.defaultSignals = true;
            return this;
        }

        /** stdin a pipe this JVM keeps open and never writes to: a shell then waits on it, as on a terminal left open. */
        public Launch openInput() {
            this.openInput = true;
            return this;
        }

        /** stdout and stderr merged into one file, appended to. */
        public Launch log(Path log) {
            this.stdout = log;
            this.stderr = log;
            return this;
        }

        /** stdout to {@code <prefix>.out} and stderr to {@code <prefix>.err}, for tests that tell them apart. */
        public Launch outputTo(Path prefix) {
            this.stdout = Path.of(prefix + ".out");
            this.stderr = Path.of(prefix + ".err");
            return this;
        }

        public ChildProcess start() {
            if (stdout == null) {
                throw new IllegalStateException("say where the output of " + name + " goes: log(..) or outputTo(..)");
            }
            ProcessBuilder pb = new ProcessBuilder(defaultSignals ? Signals.withDefaultSignals(command) : command)
                    .redirectInput(openInput ? ProcessBuilder.Redirect.PIPE : ProcessBuilder.Redirect.from(new File("/dev/null")))
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(stdout.toFile()));
            if (stderr.equals(stdout)) {
                pb.redirectErrorStream(true);
            } else {
                pb.redirectError(ProcessBuilder.Redirect.appendTo(stderr.toFile()));
            }
            pb.environment().putAll(env);
            if (directory != null) {
                pb.directory(directory.toFile());
            }
            try {
                Files.createDirectories(stdout.toAbsolutePath().getParent());
                ChildProcess child = new ChildProcess(name, pb.start(), stdout, stderr);
                started.add(child);
                return child;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot start " + command, e);
            }
        }
    }
}

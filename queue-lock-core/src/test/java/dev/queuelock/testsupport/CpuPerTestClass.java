package dev.queuelock.testsupport;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;

/**
 * Writes, per test class, the CPU the test JVM spent and the CPU of the child processes it started
 * and reaped (Linux's cutime+cstime; where /proc is absent only the JVM's own) to the file named by
 * {@code queuelock.test.cpuReport}, one line a class, so a developer sees where the suite's CPU goes.
 * Forks append to one file under a file lock. A class that ran beside another in the same JVM
 * (parallel execution) is marked {@code shared}: its numbers include the other's. A process nobody
 * of the JVM's tree waits for (a detached daemon such as mvnd's, an orphan) is not counted.
 */
public final class CpuPerTestClass implements TestExecutionListener {

    static final String REPORT_PROPERTY = "queuelock.test.cpuReport";
    /** USER_HZ, the unit of /proc's times: 100 on every Linux architecture Java runs on. */
    private static final double TICKS_PER_SECOND = 100.0;
    private static final Path STAT = Paths.get("/proc/self/stat");

    private final Map<String, Start> started = new ConcurrentHashMap<>();
    private final AtomicInteger running = new AtomicInteger();

    @Override
    public void executionStarted(TestIdentifier id) {
        String name = className(id);
        if (name == null || report() == null) {
            return;
        }
        boolean shared = running.incrementAndGet() > 1;
        if (shared) {
            started.values().forEach(other -> other.shared = true);
        }
        started.put(id.getUniqueId(), new Start(name, shared));
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        Start start = started.remove(id.getUniqueId());
        if (start == null) {
            return;
        }
        running.decrementAndGet();
        double jvm = (processCpuNanos() - start.jvmNanos) / 1e9;
        long childTicks = childTicks();
        String children = childTicks < 0 || start.childTicks < 0
                ? "n/a"
                : String.format(Locale.ROOT, "%.1f", (childTicks - start.childTicks) / TICKS_PER_SECOND);
        double wall = (System.nanoTime() - start.wallNanos) / 1e9;
        append(String.format(Locale.ROOT, "%-56s jvm %7.1f s  children %7s s  wall %6.1f s%s%n",
                start.className, jvm, children, wall, start.shared ? "  shared" : ""));
    }

    private static String className(TestIdentifier id) {
        return id.getSource()
                .filter(ClassSource.class::isInstance)
                .map(source -> ((ClassSource) source).getClassName())
                .filter(name -> !name.contains("$"))
                .orElse(null);
    }

    private static Path report() {
        String file = System.getProperty(REPORT_PROPERTY, "");
        return file.isEmpty() ? null : Paths.get(file);
    }

    private static synchronized void append(String line) {
        Path file = report();
        try {
            Files.createDirectories(file.getParent());
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE, StandardOpenOption.APPEND);
                    FileLock ignored = channel.lock()) {
                channel.write(ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8)));
            }
        } catch (IOException e) {
            System.err.println("cpu report not written to " + file + ": " + e.getMessage());
        }
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    /** cutime+cstime of this process, or -1 where /proc is absent. */
    private static long childTicks() {
        if (!Files.isReadable(STAT)) {
            return -1;
        }
        try {
            String stat = new String(Files.readAllBytes(STAT), StandardCharsets.US_ASCII);
            // Fields after the command name (which may hold spaces): state is field 3, cutime 16, cstime 17.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(fields[13]) + Long.parseLong(fields[14]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    private static final class Start {
        final String className;
        final long jvmNanos = processCpuNanos();
        final long childTicks = childTicks();
        final long wallNanos = System.nanoTime();
        volatile boolean shared;

        Start(String className, boolean shared) {
            this.className = className;
            this.shared = shared;
        }
    }
}

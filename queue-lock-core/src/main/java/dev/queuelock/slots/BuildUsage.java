package dev.queuelock.slots;

import dev.queuelock.process.Processes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * What one build used: its wall time, its CPU time, and its peak memory. Measured as the Maven
 * session ends, from the session's own JVM: on Linux from {@code /proc/self/stat} (user and system
 * time of the JVM and of the children it waited for - surefire's forks, a forked javac) and
 * {@code /proc/self/status} (VmHWM, the JVM's peak resident memory: a fork's own peak is not in it);
 * on the portable path, the JVM's CPU time and its heap as committed (forks not counted). A few
 * file reads, after the lock is given back.
 */
public final class BuildUsage {

    /** Clock ticks per second of /proc's times: USER_HZ, 100 on every Linux the JDK runs on. */
    private static final long TICKS_PER_SECOND = 100;

    private final long wallMillis;
    private final long cpuMillis;
    private final long peakBytes;

    public BuildUsage(long wallMillis, long cpuMillis, long peakBytes) {
        this.wallMillis = wallMillis;
        this.cpuMillis = cpuMillis;
        this.peakBytes = peakBytes;
    }

    /** This JVM's build, started at {@code startNanos} ({@link System#nanoTime()}). */
    public static BuildUsage measureSince(long startNanos) {
        return measure(Duration.ofNanos(System.nanoTime() - startNanos).toMillis());
    }

    /**
     * This JVM's build, which ran for {@code wall} milliseconds: for a Maven session, since the JVM
     * started, without its wait in the queue (the CPU time is the JVM's whole life's, and waiting
     * costs none).
     */
    public static BuildUsage measure(long wall) {
        if (!"portable".equals(Processes.current().name())) {
            Optional<BuildUsage> linux = linux(wall);
            if (linux.isPresent()) {
                return linux.get();
            }
        }
        return portable(wall);
    }

    static Optional<BuildUsage> linux(long wallMillis) {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat"));
            // Fields after the command name, which is in parentheses and may hold spaces.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            long ticks = 0;
            for (int i = 11; i <= 14; i++) { // utime, stime, cutime, cstime: fields 14 to 17
                ticks += Long.parseLong(fields[i]);
            }
            long peak = -1;
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    peak = Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
            return Optional.of(new BuildUsage(wallMillis, ticks * 1000 / TICKS_PER_SECOND, peak));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    static BuildUsage portable(long wallMillis) {
        long cpu = ProcessHandle.current().info().totalCpuDuration().map(Duration::toMillis).orElse(-1L);
        return new BuildUsage(wallMillis, cpu, Runtime.getRuntime().totalMemory());
    }

    public long wallMillis() {
        return wallMillis;
    }

    public long cpuMillis() {
        return cpuMillis;
    }

    /** Peak memory in bytes; -1 if unknown. */
    public long peakBytes() {
        return peakBytes;
    }

    /** Cores it kept busy on average: CPU time over wall time; -1 if unknown. */
    public double busyCores() {
        return cpuMillis < 0 || wallMillis <= 0 ? -1 : (double) cpuMillis / wallMillis;
    }

    /** One line of the history file. */
    String line() {
        return wallMillis + " " + cpuMillis + " " + peakBytes;
    }

    /** The usage a history line holds; empty for a line that is not one. */
    static Optional<BuildUsage> parse(String line) {
        String[] parts = line.trim().split(" ");
        if (parts.length != 3) {
            return Optional.empty();
        }
        try {
            return Optional.of(new BuildUsage(Long.parseLong(parts[0]), Long.parseLong(parts[1]), Long.parseLong(parts[2])));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }
}

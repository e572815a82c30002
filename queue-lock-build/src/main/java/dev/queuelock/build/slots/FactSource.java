package dev.queuelock.build.slots;

import dev.queuelock.process.Processes;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryUsage;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * Where the machine's and a build's facts are read: {@code /proc} on Linux, the JDK's management
 * beans elsewhere (macOS). The process layer's choice ({@link Processes}), which the lock has made
 * already: the environment variable {@value Processes#ENV}{@code =portable} forces the portable
 * path, so Linux tests walk the path a Mac takes; else Linux wherever {@code /proc} can be read.
 */
enum FactSource {
    LINUX,
    PORTABLE;

    static final Path MEMINFO = Paths.get("/proc/meminfo");
    static final Path SELF_STAT = Paths.get("/proc/self/stat");
    static final Path SELF_STATUS = Paths.get("/proc/self/status");
    static final Path LOADAVG = Paths.get("/proc/loadavg");

    /** Linux's USER_HZ: the unit of the CPU times in {@code /proc/<pid>/stat}, 100 on every architecture Java runs on. */
    private static final long NANOS_PER_TICK = 10_000_000L;

    /**
     * The source the environment asks for now. Not fixed once per JVM: an mvnd daemon runs build
     * after build, each in its own client's environment, and one build's switch must not choose for the next.
     */
    static FactSource current() {
        return choose(System.getenv(Processes.ENV));
    }

    static FactSource choose(String forced) {
        return Processes.forEnvironment(forced).name().equals(LINUX.label()) ? LINUX : PORTABLE;
    }

    /** {@code linux} or {@code portable}, as the process layer names them. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** A small {@code /proc} file as text (they report size 0, so it is read to its end). */
    static String read(Path procFile) throws IOException {
        return new String(Files.readAllBytes(procFile), StandardCharsets.US_ASCII);
    }

    /**
     * The number of a {@code Name:  1234 kB} line of {@code /proc/meminfo} or {@code /proc/<pid>/status},
     * in bytes; -1 if the line is missing or malformed.
     */
    static long kilobytesLine(String text, String name) {
        int at = text.startsWith(name + ":") ? 0 : text.indexOf("\n" + name + ":");
        if (at < 0) {
            return -1;
        }
        int start = text.indexOf(':', at) + 1;
        int end = text.indexOf('\n', start);
        String value = text.substring(start, end < 0 ? text.length() : end).trim();
        if (!value.endsWith(" kB")) {
            return -1;
        }
        try {
            return Long.parseLong(value.substring(0, value.length() - 3).trim()) * 1024;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The one-minute load average of {@code /proc/loadavg} now; -1 if it cannot be read. */
    static double oneMinuteLoad() {
        try {
            return loadAverage(read(LOADAVG), 0);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The {@code index}-th load average of {@code /proc/loadavg} (0: one minute, 1: five); -1 if malformed. */
    static double loadAverage(String loadavg, int index) {
        String[] fields = loadavg.trim().split(" ");
        if (fields.length <= index) {
            return -1;
        }
        try {
            double value = Double.parseDouble(fields[index]);
            return value >= 0 ? value : -1;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    // The process's own CPU and peak memory, which BuildUsage measures a build by: read here, beside
    // the other /proc readers, in an enum every session loads anyway (no class more on its path).

    /**
     * The CPU time this process has used, in nanoseconds; -1 if unknown. Linux: utime + stime +
     * cutime + cstime of {@code /proc/self/stat}: every thread of the JVM plus the children it has
     * waited for, so surefire and failsafe forks, a check build and a CLI's command count once they
     * end (clock ticks of 10 ms, Linux's fixed USER_HZ). Portable (macOS): the JVM's own CPU time
     * ({@code ProcessHandle.Info.totalCpuDuration()}, else {@code OperatingSystemMXBean.getProcessCpuTime()});
     * forked processes are <em>not</em> counted: a build whose tests run in forks looks lighter than it is.
     */
    long ownCpuNanos() {
        if (this == LINUX) {
            try {
                return linuxCpuTicks(read(SELF_STAT)) * NANOS_PER_TICK;
            } catch (IOException | RuntimeException e) {
                return -1;
            }
        }
        // ProcessHandle first: the process layer has loaded it already, the management beans cost
        // milliseconds to load at their first call.
        Optional<Duration> cpu = ProcessHandle.current().info().totalCpuDuration();
        if (cpu.isPresent()) {
            return cpu.get().toNanos();
        }
        try {
            java.lang.management.OperatingSystemMXBean bean = ManagementFactory.getOperatingSystemMXBean();
            if (bean instanceof com.sun.management.OperatingSystemMXBean) {
                return ((com.sun.management.OperatingSystemMXBean) bean).getProcessCpuTime();
            }
        } catch (LinkageError | RuntimeException e) {
            // no jdk.management: unknown
        }
        return -1;
    }

    /** utime + stime + cutime + cstime (fields 14 to 17) of a {@code /proc/<pid>/stat} line. */
    static long linuxCpuTicks(String stat) {
        // The command (field 2) may hold spaces and parentheses: count fields after the last ')'.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).trim().split(" ");
        long ticks = 0;
        for (int field = 14; field <= 17; field++) {
            ticks += Long.parseLong(fields[field - 3]);
        }
        return ticks;
    }

    /**
     * This process's peak memory, in bytes; -1 if unknown. Linux: {@code VmHWM} of
     * {@code /proc/self/status}, the Maven JVM's peak resident size since it started (a daemon's
     * peak over all its builds); forks are not counted: the kernel keeps their peak only for
     * {@code getrusage}, which Java cannot call. Portable: the sum of the JVM's memory pools' peak
     * committed sizes (heap, metaspace, code cache), without the JVM's native memory and without forks.
     */
    long ownPeakBytes() {
        if (this == LINUX) {
            try {
                return kilobytesLine(read(SELF_STATUS), "VmHWM");
            } catch (IOException | RuntimeException e) {
                return -1;
            }
        }
        try {
            long sum = 0;
            for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                MemoryUsage peak = pool.getPeakUsage();
                sum += peak == null ? 0 : Math.max(peak.getCommitted(), peak.getUsed());
            }
            return sum > 0 ? sum : -1;
        } catch (LinkageError | RuntimeException e) {
            return -1;
        }
    }
}

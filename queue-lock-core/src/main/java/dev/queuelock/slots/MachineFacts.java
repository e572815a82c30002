package dev.queuelock.slots;

import dev.queuelock.process.Processes;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What {@code auto} slots are decided from, about the machine: its cores, its memory, and the memory
 * available now. Read from {@code /proc/meminfo} on Linux (MemAvailable counts what the kernel can
 * reclaim, as {@code free} does), else from the JDK's operating-system bean (the path a Mac takes,
 * forced on Linux by {@code QUEUELOCK_PROCESSES=portable}): no process is started either way.
 */
public final class MachineFacts {

    private final int cores;
    private final long totalBytes;
    private final long availableBytes;

    /** A described machine, e.g. for a test or the benchmark's model. */
    public MachineFacts(int cores, long totalBytes, long availableBytes) {
        this.cores = cores;
        this.totalBytes = totalBytes;
        this.availableBytes = availableBytes;
    }

    /** This machine, now. */
    public static MachineFacts read() {
        int cores = Runtime.getRuntime().availableProcessors();
        if (!"portable".equals(Processes.current().name())) {
            try {
                long total = -1;
                long available = -1;
                for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                    if (line.startsWith("MemTotal:")) {
                        total = kibibytes(line);
                    } else if (line.startsWith("MemAvailable:")) {
                        available = kibibytes(line);
                    }
                }
                if (total > 0 && available >= 0) {
                    return new MachineFacts(cores, total * 1024, available * 1024);
                }
            } catch (IOException | RuntimeException e) {
                // no /proc/meminfo: the portable path
            }
        }
        return portable(cores);
    }

    /** From the JDK's operating-system bean (jdk.management): total, and free as the available memory. */
    @SuppressWarnings("deprecation") // the names of Java 11, which main code is compiled for
    static MachineFacts portable(int cores) {
        Object bean = ManagementFactory.getOperatingSystemMXBean();
        if (bean instanceof com.sun.management.OperatingSystemMXBean) {
            com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) bean;
            return new MachineFacts(cores, os.getTotalPhysicalMemorySize(), os.getFreePhysicalMemorySize());
        }
        return new MachineFacts(cores, -1, -1); // unknown: the rule then goes by cores alone
    }

    private static long kibibytes(String line) {
        List<String> parts = List.of(line.trim().split("\\s+"));
        return Long.parseLong(parts.get(1));
    }

    public int cores() {
        return cores;
    }

    /** Total memory in bytes; -1 if unknown. */
    public long totalBytes() {
        return totalBytes;
    }

    /** Memory available now in bytes; -1 if unknown. */
    public long availableBytes() {
        return availableBytes;
    }
}

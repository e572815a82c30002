package dev.queuelock.build.slots;

import java.io.IOException;
import java.lang.management.ManagementFactory;

/**
 * What {@code auto} knows about the machine at one moment: logical cores, total memory, the
 * memory available now (what can be used without swapping: free memory plus the cache the kernel
 * gives back), and swap in use. Read fresh for every decision, cheaply: on Linux one read of
 * {@code /proc/meminfo}; on the portable path (macOS, or {@code QUEUELOCK_PROCESSES=portable})
 * the JDK's {@code com.sun.management.OperatingSystemMXBean}, no process started.
 *
 * <p>Cores are {@link Runtime#availableProcessors()} on both paths: the cores this JVM may run on
 * (an affinity mask or a container's CPU quota counts). The portable path's available memory is
 * the JDK's "free physical memory", which leaves out the file cache on Linux and the inactive
 * pages on macOS: it is lower than what could be used, so {@code auto} errs towards fewer builds
 * there. Memory sizes are -1 where nothing tells them.
 */
public final class MachineFacts {

    /** 2^30 bytes: the "GB" of every text here. */
    public static final long GB = 1L << 30;

    private final int cores;
    private final long totalBytes;
    private final long availableBytes;
    private final long swapUsedBytes;
    private final String source;

    private MachineFacts(int cores, long totalBytes, long availableBytes, long swapUsedBytes, String source) {
        if (cores < 1) {
            throw new IllegalArgumentException("a machine has at least one core: " + cores);
        }
        this.cores = cores;
        this.totalBytes = totalBytes;
        this.availableBytes = availableBytes;
        this.swapUsedBytes = swapUsedBytes;
        this.source = source;
    }

    /** This machine now. */
    public static MachineFacts current() {
        return read(FactSource.current());
    }

    /** A machine described, not read (tests, the docs' examples): no swap in use. */
    public static MachineFacts described(int cores, long totalBytes, long availableBytes) {
        return new MachineFacts(cores, totalBytes, availableBytes, 0, "described");
    }

    static MachineFacts read(FactSource source) {
        int cores = Runtime.getRuntime().availableProcessors();
        if (source == FactSource.LINUX) {
            try {
                return fromMeminfo(cores, FactSource.read(FactSource.MEMINFO));
            } catch (IOException | RuntimeException e) {
                // /proc went unreadable after the choice: the JDK's view is better than none
            }
        }
        return fromManagementBean(cores);
    }

    /** From the text of {@code /proc/meminfo}. */
    static MachineFacts fromMeminfo(int cores, String meminfo) {
        long total = FactSource.kilobytesLine(meminfo, "MemTotal");
        long available = FactSource.kilobytesLine(meminfo, "MemAvailable");
        if (available < 0) {
            // Kernels before 3.14 have no MemAvailable: free plus page cache is what it estimates.
            long free = FactSource.kilobytesLine(meminfo, "MemFree");
            long cached = FactSource.kilobytesLine(meminfo, "Cached");
            available = free < 0 ? -1 : free + Math.max(0, cached);
        }
        long swapTotal = FactSource.kilobytesLine(meminfo, "SwapTotal");
        long swapFree = FactSource.kilobytesLine(meminfo, "SwapFree");
        long swapUsed = swapTotal < 0 || swapFree < 0 ? -1 : swapTotal - swapFree;
        return new MachineFacts(cores, total, available, swapUsed, "linux");
    }

    private static MachineFacts fromManagementBean(int cores) {
        try {
            java.lang.management.OperatingSystemMXBean bean = ManagementFactory.getOperatingSystemMXBean();
            if (bean instanceof com.sun.management.OperatingSystemMXBean) {
                com.sun.management.OperatingSystemMXBean os = (com.sun.management.OperatingSystemMXBean) bean;
                long swapTotal = os.getTotalSwapSpaceSize();
                long swapFree = os.getFreeSwapSpaceSize();
                return new MachineFacts(cores, positiveOrUnknown(os.getTotalPhysicalMemorySize()),
                        positiveOrUnknown(os.getFreePhysicalMemorySize()),
                        swapTotal < 0 || swapFree < 0 ? -1 : swapTotal - swapFree, "portable");
            }
        } catch (LinkageError | RuntimeException e) {
            // a runtime without jdk.management: memory cannot be told
        }
        return new MachineFacts(cores, -1, -1, -1, "portable");
    }

    private static long positiveOrUnknown(long bytes) {
        return bytes > 0 ? bytes : -1;
    }

    /** Logical cores this JVM may use; at least 1. */
    public int cores() {
        return cores;
    }

    /** Physical memory, in bytes; -1 if unknown. */
    public long totalBytes() {
        return totalBytes;
    }

    /** Memory that can be used now without swapping, in bytes; -1 if unknown. */
    public long availableBytes() {
        return availableBytes;
    }

    /** Swap in use now, in bytes; 0 without swap; -1 if unknown. */
    public long swapUsedBytes() {
        return swapUsedBytes;
    }

    /** Where the facts came from: {@code linux}, {@code portable} or {@code described}. */
    public String source() {
        return source;
    }

    @Override
    public String toString() {
        return cores + " cores, " + Gigabytes.format(totalBytes) + " GB, " + Gigabytes.format(availableBytes)
                + " GB available, " + Gigabytes.format(swapUsedBytes) + " GB swap in use (" + source + ")";
    }
}

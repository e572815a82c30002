package dev.queuelock.build.slots;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;

/**
 * The machine from {@code /proc}: {@code meminfo}, {@code loadavg} (the one- and five-minute
 * averages, and the tasks running now: the most this process saw in the last ten seconds,
 * {@link RecentRunning}) and the "some avg10" of {@code pressure/cpu}, {@code pressure/memory} and
 * {@code pressure/io} (kernels from 4.20 with PSI on; without them the load averages and the
 * tasks running now speak for the CPU). Five small reads, each tens of
 * microseconds.
 */
final class LinuxProbe implements MachineProbe {

    static final Path LOADAVG = FactSource.LOADAVG;
    static final Path PRESSURE = Paths.get("/proc/pressure");
    /** This process's readings of the tasks running, for every decision it makes. */
    private static final RecentRunning RUNNING = new RecentRunning();

    @Override
    public MachineFacts facts() {
        return MachineFacts.read(FactSource.LINUX);
    }

    @Override
    public MachinePressure pressure() {
        double cpu = some(PRESSURE.resolve("cpu"));
        double memory = some(PRESSURE.resolve("memory"));
        double io = some(PRESSURE.resolve("io"));
        boolean reported = cpu >= 0 && memory >= 0 && io >= 0;
        String loadavg;
        try {
            loadavg = FactSource.read(LOADAVG);
        } catch (IOException | RuntimeException e) {
            loadavg = "";
        }
        return new MachinePressure(cpu, memory, io, loadOf(loadavg), reported ? "linux" : "linux-load")
                .withNow(average(loadavg, 1), RUNNING.most(runningOf(loadavg), System.nanoTime()));
    }

    @Override
    public double load() {
        return FactSource.oneMinuteLoad();
    }

    private static double some(Path file) {
        try {
            return someAvg10(FactSource.read(file));
        } catch (IOException | RuntimeException e) {
            return -1; // no PSI here (kernel too old, or turned off)
        }
    }

    /** The first figure of {@code /proc/loadavg} ("7.10 6.52 5.01 4/812 12345"); -1 if malformed. */
    static double loadOf(String loadavg) {
        return average(loadavg, 0);
    }

    /**
     * The tasks runnable now, from the fourth field of {@code /proc/loadavg} ("4/812": 4 runnable of
     * 812), less the one reading it, which is running as it reads; -1 if malformed.
     */
    static int runningOf(String loadavg) {
        String[] fields = loadavg.trim().split(" ");
        int slash = fields.length > 3 ? fields[3].indexOf('/') : -1;
        if (slash < 1) {
            return -1;
        }
        try {
            return Math.max(0, Integer.parseInt(fields[3].substring(0, slash)) - 1);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** The {@code index}-th load average of {@code /proc/loadavg} (0: one minute, 1: five); -1 if malformed. */
    static double average(String loadavg, int index) {
        return FactSource.loadAverage(loadavg, index);
    }

    /** The {@code avg10} of the {@code some} line of a {@code /proc/pressure/*} file, in percent; -1 if missing. */
    static double someAvg10(String pressure) {
        int line = pressure.startsWith("some ") ? 0 : pressure.indexOf("\nsome ");
        int at = line < 0 ? -1 : pressure.indexOf("avg10=", line);
        if (at < 0) {
            return -1;
        }
        int start = at + "avg10=".length();
        int end = start;
        while (end < pressure.length() && pressure.charAt(end) != ' ' && pressure.charAt(end) != '\n') {
            end++;
        }
        try {
            return Double.parseDouble(pressure.substring(start, end));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}

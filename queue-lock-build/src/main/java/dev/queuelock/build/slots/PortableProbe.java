package dev.queuelock.build.slots;

import java.lang.management.ManagementFactory;

/**
 * The machine from the JDK (macOS, and Linux with {@code QUEUELOCK_PROCESSES=portable}): the
 * one-minute load average of {@code OperatingSystemMXBean#getSystemLoadAverage()} and free memory
 * ({@link MachineFacts}); no pressure, which only Linux reports, and no five-minute figure, so
 * the trend is this process's own earlier reading ({@link LoadTrend}). Nothing is started.
 */
final class PortableProbe implements MachineProbe {

    @Override
    public MachineFacts facts() {
        return MachineFacts.read(FactSource.PORTABLE);
    }

    /** This process's readings, to tell a falling load without a five-minute figure. */
    private static final LoadTrend TREND = new LoadTrend();

    @Override
    public MachinePressure pressure() {
        double load = load();
        MachinePressure pressure = new MachinePressure(-1, -1, -1, load, "portable");
        double[] earlier = TREND.note(load, System.nanoTime());
        return earlier == null ? pressure : pressure.withEarlier(earlier[0], earlier[1]);
    }

    @Override
    public double load() {
        try {
            double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
            return load >= 0 ? load : -1;
        } catch (LinkageError | RuntimeException e) {
            return -1;
        }
    }
}

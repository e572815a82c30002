package dev.queuelock.slots;

import java.lang.management.ManagementFactory;

/**
 * The machine from the JDK (macOS, and Linux with {@code QUEUELOCK_PROCESSES=portable}): the
 * one-minute load average of {@code OperatingSystemMXBean#getSystemLoadAverage()} and free memory
 * ({@link MachineFacts}); no pressure, which only Linux reports. Nothing is started.
 */
final class PortableProbe implements MachineProbe {

    @Override
    public MachineFacts facts() {
        return MachineFacts.read(FactSource.PORTABLE);
    }

    @Override
    public MachinePressure pressure() {
        return new MachinePressure(-1, -1, -1, load(), "portable");
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

package dev.queuelock.build.slots;

/**
 * Reads the machine as it is now, for {@code auto}: its facts (cores, memory) and its pressure and
 * load. Asked only under {@code auto}, once per admission decision; nothing is started. The Linux
 * probe reads a few small {@code /proc} files; the portable one (macOS, or
 * {@code QUEUELOCK_PROCESSES=portable}, the process layer's switch) asks the JDK.
 */
interface MachineProbe {

    /** Cores and memory now. */
    MachineFacts facts();

    /** Pressure and load now. */
    MachinePressure pressure();

    /** The one-minute load average now (what a build's record keeps); -1 if unknown. */
    double load();

    /** The probe the environment asks for now ({@link FactSource#current()}). */
    static MachineProbe current() {
        return of(FactSource.current());
    }

    static MachineProbe of(FactSource source) {
        return source == FactSource.LINUX ? new LinuxProbe() : new PortableProbe();
    }
}

package dev.queuelock.bench;

import dev.queuelock.build.slots.AutoSlots;
import dev.queuelock.build.slots.BuildUsage;
import dev.queuelock.build.slots.MachineFacts;
import java.time.Duration;
import java.util.List;

/**
 * What {@code queuelock.build.slots=auto} decides on the machine the model describes: the rule on
 * main ({@link AutoSlots} in queue-lock-core) asked about a described machine (its cores, its
 * memory, all of it available: nothing else runs there) whose recent builds are the build measured
 * alone here (its wall time, CPU and peak resident set).
 */
final class ModelAuto {

    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;

    private ModelAuto() {
    }

    private static AutoSlots.Decision rule(int cores, int memoryGb, SlotBuild alone) {
        MachineFacts machine = MachineFacts.described(cores, memoryGb * GIB, memoryGb * GIB);
        double coresBusy = alone.durationSeconds() > 0 ? alone.cpuSeconds() / alone.durationSeconds() : 1;
        BuildUsage build = BuildUsage.described(0, Duration.ofMillis(Math.round(alone.durationSeconds() * 1000)), coresBusy,
                Math.round(alone.peakRssMb() * MIB));
        return AutoSlots.decide(machine, List.of(build));
    }

    /** The number of slots auto gives that machine. */
    static int slots(int cores, int memoryGb, SlotBuild alone) {
        return rule(cores, memoryGb, alone).slots();
    }

    /** How the rule decided, in its own words (as {@code status} prints it). */
    static String describe(int cores, int memoryGb, SlotBuild alone) {
        return rule(cores, memoryGb, alone).text();
    }
}

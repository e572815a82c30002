package dev.queuelock.bench;

import dev.queuelock.slots.AutoSlots;
import dev.queuelock.slots.BuildUsage;
import dev.queuelock.slots.MachineFacts;
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

    private static AutoSlots rule(int cores, int memoryGb, SlotBuild alone) {
        MachineFacts machine = new MachineFacts(cores, memoryGb * GIB, memoryGb * GIB);
        BuildUsage build = new BuildUsage(Math.round(alone.durationSeconds() * 1000), Math.round(alone.cpuSeconds() * 1000),
                Math.round(alone.peakRssMb() * MIB));
        return new AutoSlots(() -> machine, () -> List.of(build));
    }

    /** The number of slots auto gives that machine. */
    static int slots(int cores, int memoryGb, SlotBuild alone) {
        return rule(cores, memoryGb, alone).slots();
    }

    /** How the rule decided, in its own words (as {@code status} prints it). */
    static String describe(int cores, int memoryGb, SlotBuild alone) {
        AutoSlots rule = rule(cores, memoryGb, alone);
        rule.slots();
        return rule.describe();
    }
}

package dev.queuelock.bench;

import java.util.Optional;

/**
 * What {@code queuelock.build.slots=auto} would decide on the machine the model describes, from the
 * rule on main ({@code dev.queuelock.slots} in queue-lock-core), fed the measured builds.
 */
final class ModelAuto {

    /** Said in the report while there is no rule to ask. */
    static final String HOLE = "HOLE: the auto rule is not on main yet (dev.queuelock.slots); this row is filled from it once it lands";

    private ModelAuto() {
    }

    /**
     * The number of slots auto gives a machine of {@code cores} and {@code memoryGb}, whose recent
     * builds each kept {@code parallelism} cores busy and peaked at {@code peakMb}; empty while there
     * is no rule.
     */
    static Optional<Integer> slots(int cores, int memoryGb, double parallelism, double peakMb) {
        return Optional.empty();
    }

    /** How the rule decided, for the report. */
    static String describe(int cores, int memoryGb, double parallelism, double peakMb) {
        return HOLE;
    }
}

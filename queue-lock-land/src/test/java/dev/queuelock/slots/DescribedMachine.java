package dev.queuelock.build.slots;

import dev.queuelock.QueueSnapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The build queue's {@code auto} slots on a described machine whose reading a test rewrites while
 * a lander waits: 4 cores, 16 GB (12 available), one recent build of one core an hour ago; the
 * reading file holds {@code <cpu some %> <one-minute load> <tasks running now>}, e.g. {@code 50 3.0 3}
 * (busy: one slot) or {@code 5 3.0 0} (a burst just ended: the load is the past, four slots).
 * The rule is {@link AutoSlots}'s own, beside the queue's live holders as the file backend decides it.
 */
public final class DescribedMachine {

    private DescribedMachine() {
    }

    /** {@code look} with the slots auto gives for the reading in {@code reading} now. */
    public static QueueSnapshot withAutoSlots(QueueSnapshot look, Path reading) {
        long hourAgo = System.currentTimeMillis() - Duration.ofHours(1).toMillis();
        AutoSlots auto = new AutoSlots(() -> MachineFacts.described(4, 16 * MachineFacts.GB, 12 * MachineFacts.GB),
                () -> pressure(reading), () -> List.of(BuildUsage.described(hourAgo, Duration.ofMinutes(1), 1.0, MachineFacts.GB)));
        return look.withSlots(auto.slots(look.holders().size()), auto.describe());
    }

    private static MachinePressure pressure(Path reading) {
        try {
            String[] values = Files.readString(reading).trim().split("\\s+");
            return new MachinePressure(Double.parseDouble(values[0]), 0, 0, Double.parseDouble(values[1]), -1,
                    Integer.parseInt(values[2]), "described");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * A look at a queue whose holder has ended names what keeps its hold only when asked: naming it
 * scans every process, and a joining build looks at the queue on every Maven session.
 */
class EndedHolderKeepersTest {

    private final LockRecord lander = new LockRecord(3345, "a", null, 1_000, "s1");

    @Test
    void whatKeepsAnEndedHoldIsFoundOnlyWhenAskedAndOnce() {
        AtomicInteger scans = new AtomicInteger();
        QueueSnapshot look = new QueueSnapshot(Path.of("q"), List.of(lander), List.of())
                .withEnded(lander, () -> {
                    scans.incrementAndGet();
                    return List.of(4012L);
                }).withSlots(2, "2 (fixed)");

        assertThat(look.ended(lander)).isTrue();
        assertThat(scans).as("knowing it ended needs no scan").hasValue(0);

        assertThat(look.keptBy(lander)).containsExactly(4012L);
        assertThat(look.describe(lander, "what it started")).endsWith("ended; what it started (pid 4012) still holds");
        assertThat(scans).hasValue(1);
    }
}

package dev.queuelock.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import dev.queuelock.WaitEvent;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class WaitLinesTest {

    private final LockRecord holder = new LockRecord(4242, "wt-a", "mvn verify", 0, null);

    @Test
    void namesPositionAndHolder() {
        assertThat(WaitLines.describe(new WaitEvent(2, holder, Duration.ofSeconds(65), false)))
                .isEqualTo("waiting, 2 ahead; held by lane wt-a (mvn verify), pid 4242 for 1m 05s");
        assertThat(WaitLines.describe(new WaitEvent(0, holder, Duration.ofSeconds(3), false)))
                .isEqualTo("next up; held by lane wt-a (mvn verify), pid 4242 for 3s");
        assertThat(WaitLines.describe(new WaitEvent(1, null, Duration.ZERO, false)))
                .isEqualTo("waiting, 1 ahead; lock free");
    }

    @Test
    void stuckWarningKeepsThePositionAndSaysWhatToDo() {
        assertThat(WaitLines.describe(new WaitEvent(0, holder, Duration.ofMinutes(10), true)))
                .isEqualTo("warning: next up; held by lane wt-a (mvn verify), pid 4242 for 10m 00s."
                        + " A live holder is never forced out; if it is stuck, stop it (kill 4242)");
    }
}

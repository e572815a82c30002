package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {

    @Test
    void formatsShortAndFixedWidthSeconds() {
        assertThat(Durations.format(Duration.ofMillis(340))).isEqualTo("340ms");
        assertThat(Durations.format(Duration.ofMillis(12_999))).isEqualTo("12s");
        assertThat(Durations.format(Duration.ofSeconds(65))).isEqualTo("1m 05s");
        assertThat(Durations.format(Duration.ofSeconds(3600 + 3 * 60 + 9))).isEqualTo("1h 03m 09s");
        assertThat(Durations.format(Duration.ofMillis(-5))).isEqualTo("0ms");
    }

    @Test
    void parsesUnitsAndCombinations() {
        assertThat(Durations.parse("x", "200ms")).isEqualTo(Duration.ofMillis(200));
        assertThat(Durations.parse("x", "5m")).isEqualTo(Duration.ofMinutes(5));
        assertThat(Durations.parse("x", "1m30s")).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("x", "2h")).isEqualTo(Duration.ofHours(2));
        assertThat(Durations.parse("x", "45")).isEqualTo(Duration.ofSeconds(45));
    }

    @Test
    void rejectsWhatIsNoDuration() {
        assertThatThrownBy(() -> Durations.parse("--x", "5 minutes")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--x: not a duration");
        assertThatThrownBy(() -> Durations.parse("--x", "")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Durations.parse("--x", "-1s")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Durations.parse("--x", "0s")).hasMessageContaining("more than zero");
    }
}

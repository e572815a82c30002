package dev.queuelock.build.slots;

import dev.queuelock.spi.SlotCount;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The setting's text: a whole number of 1 or more, or auto. */
class BuildPolicySlotsTest {

    @TempDir
    Path tmp;

    @Test
    void aNumberIsThatManyFixedSlots() {
        SlotCount three = BuildPolicy.parse("3", tmp);
        assertThat(three.slots()).isEqualTo(3);
        assertThat(three.describe()).isEqualTo("3 (fixed)");
        assertThat(BuildPolicy.parse(" 1 ", tmp).slots()).isEqualTo(1);
    }

    @ParameterizedTest
    @ValueSource(strings = {"auto", "AUTO", "Auto", " auto "})
    void autoInAnyCaseDecidesFromTheHistoryDirectory(String text) {
        SlotCount auto = BuildPolicy.parse(text, tmp.resolve("none-yet"));
        assertThat(auto).isInstanceOf(AutoSlots.class);
        assertThat(auto.slots()).isEqualTo(1);
        assertThat(auto.describe()).startsWith("auto: 1 (no build of this repository measured yet");
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-1", "1.5", "two", "automatic", "9999999999"})
    void anythingElseIsRefusedInOneLineAsTheSettingRefusesIt(String text) {
        assertThatThrownBy(() -> BuildPolicy.parse(text, tmp)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("queuelock.build.slots must be a whole number of 1 or more, or auto, not '" + text + "'");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " "})
    void noTextIsTheDefaultOneSlot(String text) {
        assertThat(BuildPolicy.parse(text, tmp).describe()).isEqualTo("1 (fixed)");
        assertThat(BuildPolicy.parse(null, tmp).slots()).isEqualTo(1);
    }
}

package dev.queuelock.repository.ports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The names a lane's ports go by, each the last part of a build property. */
class LanePortSettingsTest {

    @Test
    void namesAreReadInTheirOrderOnceEach() {
        Properties user = new Properties();
        user.setProperty(LanePortSettings.PORTS, " http, db ,debug,http,");
        assertThat(LanePortSettings.names(user)).containsExactly("http", "db", "debug");
        assertThat(LanePortSettings.names(new Properties())).as("unset").isEmpty();
    }

    @Test
    void aNameThatCannotEndAPropertyIsRefused() {
        assertThatThrownBy(() -> LanePortSettings.names(Map.of(LanePortSettings.PORTS, "http,my.db")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("queuelock.lanes.ports names must be a letter, then letters, digits, _ or - (at most 32), not 'my.db'");
        assertThatThrownBy(() -> LanePortSettings.names(Map.of(LanePortSettings.PORTS, "8080"))).hasMessageContaining("not '8080'");
    }

    @Test
    void everySettingHasAMeaningAndSaysWhoReadsIt() {
        assertThat(LanePortSettings.SETTINGS.all()).containsExactly(LanePortSettings.NAMES, LanePortSettings.NAMED_PORT_BASE)
                .allSatisfy(s -> {
                    assertThat(s.meaning()).as(s.name()).endsWith(".").doesNotContain("\n");
                    assertThat(s.readBy()).as(s.name()).isNotBlank();
                });
        assertThat(LanePortSettings.NAMED_PORT_BASE.name()).isEqualTo(LanePortSettings.NAMED_PORT_BASE_KEY);
    }
}

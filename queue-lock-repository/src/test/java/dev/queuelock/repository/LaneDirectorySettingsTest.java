package dev.queuelock.repository;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The lane keys every build reads, declared once beside the lane's directory. */
class LaneDirectorySettingsTest {

    @Test
    void everySettingHasAMeaningAndSaysWhoReadsIt() {
        assertThat(LaneDirectorySettings.SETTINGS.all()).allSatisfy(s -> {
            assertThat(s.meaning()).as(s.name()).endsWith(".").doesNotContain("\n");
            assertThat(s.readBy()).as(s.name()).isNotBlank();
            assertThat(s.defaultText()).as(s.name()).isNotBlank();
        });
    }

    @Test
    void itsSettingsJoinItsGroupInTheOrderTheyAreDeclared() {
        assertThat(LaneDirectorySettings.SETTINGS.all())
                .containsExactly(LaneDirectorySettings.LANE_WORKTREE_SUFFIX, LaneDirectorySettings.LANE_PORT_BASE);
    }
}

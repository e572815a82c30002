package dev.queuelock.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A build's wait for a slot, read from the time stamps of the extension's lines in its log. */
class SlotBuildTest {

    @Test
    void theWaitRunsFromTheFirstWaitingLineToTheAcquiredLine() {
        List<String> log = List.of(
                "\u001b[0m\u001b[0m2026-12-05T03:08:38.992Z [INFO] Build queue: 1 of 1 slots busy: lane-2 (verify, 0s); you are next",
                "2026-12-05T03:08:45.100Z [INFO] Build queue: 1 of 1 slots busy: lane-3 (verify, 1s); you are next",
                "2026-12-05T03:09:01.492Z [INFO] Build lock acquired after waiting 22s.",
                "[ERROR] something later");
        assertThat(SlotBuild.waitMs(log)).isEqualTo(22_500.0);
    }

    @Test
    void aFreeSlotIsNoWaitAndASkippedQueueIsNone() {
        assertThat(SlotBuild.waitMs(List.of("2026-12-05T03:08:38.992Z [INFO] Build lock acquired (lane lane-1, repo queue)."))).isZero();
        assertThat(SlotBuild.waitMs(List.of("[WARNING] nothing from the extension"))).isNaN();
    }

    @Test
    void settingsAreNumbersUnlimitedOrAuto() {
        assertThat(SlotSetting.parse("unlimited").environment()).containsEntry("QUEUELOCK_SKIP", "1");
        assertThat(SlotSetting.parse("2").mavenOptions()).containsExactly("-Dqueuelock.build.slots=2");
        assertThat(SlotSetting.parse("2").environment()).containsEntry("QUEUELOCK_SKIP", "0");
        assertThat(SlotSetting.parse("auto").mavenOptions()).containsExactly("-Dqueuelock.build.slots=auto");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> SlotSetting.parse("0"))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aRefusalIsQuotedAsAPersonReadsIt() {
        assertThat(FixtureBuilds.errorText("\u001b[0m2026-12-05T03:14:48.228Z [ERROR] queuelock.build.slots=auto is not available yet;"
                + " give a number -> [Help 1]")).isEqualTo("queuelock.build.slots=auto is not available yet; give a number");
    }

    @Test
    void theNumberOfSlotsIsReadFromTheWaitingLines() {
        assertThat(SlotBuild.slotsSeen(List.of(
                "2026-12-05T03:21:50.174Z [INFO] Build queue: next up; 3 of 3 slots busy: lane lane-2 (verify), pid 32652",
                "2026-12-05T03:22:35.374Z [INFO] Build lock acquired after waiting 45s."))).isEqualTo(3);
        assertThat(SlotBuild.slotsSeen(List.of("2026-12-05T03:08:38.992Z [INFO] Build lock acquired (lane lane-1, repo queue)."))).isZero();
        assertThat(SlotBuild.slotsSeen(List.of(
                "2026-12-05T04:53:35.857Z [INFO] Build queue: 2 builds ahead; lane lane-2 (verify), pid 22517, holding for 1s"))).isEqualTo(1);
    }

    @Test
    void evenRepsRunTheSettingsBackwardsSoADriftingMachineWeighsOnEachAlike() {
        List<SlotSetting> settings = List.of(SlotSetting.parse("1"), SlotSetting.parse("2"), SlotSetting.parse("auto"));

        assertThat(SlotsScenario.inRepOrder(settings, 1)).extracting(SlotSetting::name).containsExactly("1", "2", "auto");
        assertThat(SlotsScenario.inRepOrder(settings, 2)).extracting(SlotSetting::name).containsExactly("auto", "2", "1");
        assertThat(SlotsScenario.inRepOrder(settings, 3)).extracting(SlotSetting::name).containsExactly("1", "2", "auto");
    }
}

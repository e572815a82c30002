package dev.queuelock.slots;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The auto rule on described machines and histories. */
class AutoSlotsTest {

    private static final long GB = AutoSlots.GIB;
    private static final MachineFacts LAPTOP = new MachineFacts(2, 8 * GB, 5 * GB);
    private static final MachineFacts WORKSTATION = new MachineFacts(16, 64 * GB, 50 * GB);
    private static final MachineFacts THIS_KIND = new MachineFacts(2, 24 * GB, 20 * GB);

    @Test
    void aTwoCoreEightGigabyteLaptopGetsOne() {
        assertThat(decide(LAPTOP, List.of()).slots).isEqualTo(1);
        assertThat(decide(LAPTOP, builds(10, 1.8, 1.5)).slots).isEqualTo(1);
        assertThat(decide(LAPTOP, List.of()).text).startsWith("auto: 1 (no build of this queue measured yet");
    }

    @Test
    void aSixteenCoreMachineWithBuildsOfThreeGigabytesAndTwoAndAHalfCoresGetsSix() {
        AutoSlots.Decision decision = decide(WORKSTATION, builds(12, 2.5, 3));
        assertThat(decision.slots).isEqualTo(6);
        assertThat(decision.text).isEqualTo("auto: 6 = min(cores 16 / 2.5 busy per build = 6, (memory 64.0 GB - reserve 16.0 GB)"
                + " / peak 3.0 GB = 16) over 12 recent builds");
    }

    @Test
    void buildsThatMostlyWaitGetSeveralSlotsOnTwoCoresCpuBoundOnesOne() {
        assertThat(decide(THIS_KIND, builds(5, 0.3, 0.8)).slots).isEqualTo(6);
        assertThat(decide(THIS_KIND, builds(5, 1.7, 0.8)).slots).isEqualTo(1);
        assertThat(decide(THIS_KIND, builds(5, 0.01, 0.8)).slots).as("never above four per core").isEqualTo(8);
    }

    @Test
    void memoryBoundsIt() {
        assertThat(decide(new MachineFacts(32, 16 * GB, 14 * GB), builds(3, 1, 3)).slots).as("(16 - 4) / 3").isEqualTo(4);
        AutoSlots.Decision tight = decide(new MachineFacts(16, 64 * GB, 2 * GB), builds(3, 1, 3));
        assertThat(tight.slots).as("less available than a build's peak: one at a time").isEqualTo(1);
        assertThat(tight.text).contains("not into swap");
    }

    @Test
    void theMostBusyRecentBuildCounts() {
        List<BuildUsage> mixed = List.of(new BuildUsage(10_000, 2_000, GB), new BuildUsage(10_000, 16_000, GB));
        assertThat(decide(THIS_KIND, mixed).slots).as("2 / 1.6").isEqualTo(1);
    }

    @Test
    void askedOncePerAcquireAndDescribedAsDecided() {
        AutoSlots auto = new AutoSlots(() -> WORKSTATION, () -> builds(2, 2.5, 3));
        assertThat(auto.slots()).isEqualTo(6);
        assertThat(auto.describe()).startsWith("auto: 6 = min(");
    }

    private static AutoSlots.Decision decide(MachineFacts machine, List<BuildUsage> builds) {
        return AutoSlots.decide(machine, builds);
    }

    private static List<BuildUsage> builds(int count, double busyCores, double peakGb) {
        return Collections.nCopies(count, new BuildUsage(60_000, Math.round(60_000 * busyCores), Math.round(peakGb * GB)));
    }
}

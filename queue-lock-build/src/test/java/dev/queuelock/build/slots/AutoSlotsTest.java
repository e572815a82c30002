package dev.queuelock.build.slots;

import static dev.queuelock.build.slots.MachineFacts.GB;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The {@code auto} rule on described machines and histories: the numbers the build-queue page explains. */
class AutoSlotsTest {

    private static final long T0 = 1_780_000_000_000L;

    private static final MachineFacts LAPTOP = MachineFacts.described(2, 8 * GB, 5 * GB);
    private static final MachineFacts WORKSTATION = MachineFacts.described(16, 64 * GB, 40 * GB);
    /** This machine, as the benchmark runs on it. */
    private static final MachineFacts TWO_CORES_24_GB = MachineFacts.described(2, 24 * GB, 20 * GB);

    @Test
    void aTwoCoreEightGigabyteLaptopGetsOneSlot() {
        AutoSlots.Decision decision = AutoSlots.decide(LAPTOP, oneAfterAnother(8, 2.5, 3 * GB));
        assertThat(decision.slots()).isEqualTo(1);
        assertThat(decision.text()).isEqualTo("auto: 1 = at least 1, as min(cores 2 / 2.5 busy per build = 0,"
                + " (available 5.0 GB - reserve 1.0 GB) / peak 3.0 GB = 1) = 0 over 8 recent builds");
    }

    @Test
    void aSixteenCoreMachineWithBuildsOfThreeGigabytesAndTwoAndAHalfCoresGetsSeven() {
        // 6.4 fit; a seventh shares: 7 x 2.5 / 16 = 1.09 of a build's time, sooner than 8 / 7 = 1.14.
        AutoSlots.Decision decision = AutoSlots.decide(WORKSTATION, oneAfterAnother(12, 2.5, 3 * GB));
        assertThat(decision.slots()).isEqualTo(7);
        assertThat(decision.text()).isEqualTo("auto: 7 = min(cores 16 / 2.5 busy per build = 6.4, one more as sharing gives"
                + " results sooner = 7,"
                + " (available 40.0 GB - reserve 4.0 GB) / peak 3.0 GB = 12) over 12 recent builds");
    }

    @Test
    void littleMemoryAvailableAdmitsFewerBuilds() {
        MachineFacts busy = MachineFacts.described(16, 64 * GB, 10 * GB);
        AutoSlots.Decision decision = AutoSlots.decide(busy, oneAfterAnother(12, 2.5, 3 * GB));
        assertThat(decision.slots()).as(decision.text()).isEqualTo(2); // (10 - 4) / 3
    }

    @Test
    void noMoreMemoryThanTheReserveStillRunsOneBuild() {
        MachineFacts full = MachineFacts.described(16, 64 * GB, 3 * GB);
        assertThat(AutoSlots.decide(full, oneAfterAnother(3, 0.5, 2 * GB)).slots()).isEqualTo(1);
    }

    @Test
    void withNoHistoryTheDefaultIsStrictTurns() {
        AutoSlots.Decision decision = AutoSlots.decide(WORKSTATION, List.of());
        assertThat(decision.slots()).isEqualTo(AutoSlots.NO_HISTORY).isEqualTo(1);
        assertThat(decision.text()).isEqualTo("auto: 1 (no build of this repository measured yet: strict turns until one has finished)");
    }

    @Test
    void memoryThatCannotBeReadMeansStrictTurns() {
        MachineFacts unknown = MachineFacts.fromMeminfo(16, "garbage\n");
        assertThat(AutoSlots.decide(unknown, oneAfterAnother(3, 0.5, GB)).slots()).isEqualTo(1);
    }

    @Test
    void buildsThatMostlyWaitShareTwoCores() {
        AutoSlots.Decision decision = AutoSlots.decide(TWO_CORES_24_GB, oneAfterAnother(6, 0.2, GB));
        assertThat(decision.slots()).as(decision.text()).isEqualTo(8); // 2 / 0.2 = 10, capped at 4 per core
        assertThat(decision.text()).contains("4 per core = 8");
    }

    @Test
    void waitingBuildsThatRanFourAtOnceStillShare() {
        AutoSlots.Decision decision = AutoSlots.decide(TWO_CORES_24_GB, together(2, 4, 0.25, GB));
        assertThat(decision.slots()).as(decision.text()).isEqualTo(8);
        assertThat(decision.text()).doesNotContain("counted busier");
    }

    @Test
    void cpuBoundBuildsOnTwoCoresTakeTurns() {
        AutoSlots.Decision decision = AutoSlots.decide(TWO_CORES_24_GB, oneAfterAnother(6, 1.7, GB));
        assertThat(decision.slots()).as(decision.text()).isEqualTo(1); // two together: 1.7 of a build's time, not < 1.5
    }

    @Test
    void buildsThatLeaveACoreIdleHalfTheTimeShareTwoCores() {
        // The benchmark's CPU-bound fixture measured 1.36 busy cores: two together take 1.36 of a build's
        // time, sooner than one after another (the second at 2, mean 1.5).
        AutoSlots.Decision decision = AutoSlots.decide(TWO_CORES_24_GB, oneAfterAnother(6, 1.36, GB));
        assertThat(decision.slots()).as(decision.text()).isEqualTo(2);
        assertThat(decision.text()).contains("busy per build = 1.5, one more as sharing gives results sooner = 2");
    }

    @Test
    void oneMoreIsAdmittedOnlyWhereSharingGivesResultsSooner() {
        assertThat(AutoSlots.byCpu(2, 2.5)).isZero(); // never below 1 is the decision's, not this bound's
        assertThat(AutoSlots.byCpu(2, 1.49)).isEqualTo(2);
        assertThat(AutoSlots.byCpu(2, 1.51)).isEqualTo(1);
        assertThat(AutoSlots.byCpu(2, 1.0)).isEqualTo(2); // 3 x 1 / 2 = 1.5, not < 4 / 3
        assertThat(AutoSlots.byCpu(16, 2.5)).isEqualTo(7);
        assertThat(AutoSlots.byCpu(16, 2.0)).isEqualTo(8); // 9 x 2 / 16 = 1.125, not < 10 / 9
    }

    @Test
    void cpuBoundBuildsThatSharedTheCoresAreNotMistakenForLightOnes() {
        // Three at once on two cores (as unlimited ran them): each measured 0.65 busy cores, a third of
        // the machine. Counted at that, auto would admit three again; counted busier, they take turns.
        AutoSlots.Decision threes = AutoSlots.decide(TWO_CORES_24_GB, together(2, 3, 0.65, GB));
        assertThat(threes.slots()).as(threes.text()).isEqualTo(2);
        AutoSlots.Decision pairs = AutoSlots.decide(TWO_CORES_24_GB, together(3, 2, 0.95, GB));
        assertThat(pairs.slots()).as(pairs.text()).isEqualTo(1);
        assertThat(pairs.text()).contains("6 counted busier: they shared full cores");
    }

    @Test
    void buildsThatFilledTheCoresTogetherAreCountedAsWantingTheirShareOfOneFewer() {
        AutoSlots.Decision decision = AutoSlots.decide(WORKSTATION, together(2, 6, 2.5, 3 * GB));
        // 6 x 2.5 = 15 of 16 cores busy: counted as 15 / 5 = 3 cores each, 5 fit and a sixth shares.
        assertThat(decision.slots()).as(decision.text()).isEqualTo(6);
        AutoSlots.Decision fewer = AutoSlots.decide(WORKSTATION, together(2, 5, 2.5, 3 * GB));
        assertThat(fewer.slots()).as(fewer.text()).isEqualTo(7); // 12.5 of 16: counted as measured
    }

    @Test
    void sixAtTheirPeakLeaveNoMemoryForASeventh() {
        MachineFacts sixRunning = MachineFacts.described(16, 64 * GB, (40 - 6 * 3) * GB);
        assertThat(AutoSlots.decide(sixRunning, oneAfterAnother(12, 2.5, 3 * GB)).slots()).isEqualTo(6);
    }

    @Test
    void aPortableHistoryIsReadAsItWasMeasured() {
        List<BuildUsage> history = new ArrayList<>(oneAfterAnother(4, 1.0, GB));
        history.add(new BuildUsage(T0 + 10_000_000, 60_000, 30_000, GB, "portable"));
        assertThat(AutoSlots.decide(TWO_CORES_24_GB, history).slots()).isEqualTo(2);
    }

    @Test
    void describeSaysHowTheLastAcquireDecidedOrDecidesNow() {
        AtomicInteger reads = new AtomicInteger();
        List<BuildUsage> history = new ArrayList<>();
        AutoSlots auto = new AutoSlots(() -> WORKSTATION, () -> MachinePressure.UNKNOWN, () -> {
            reads.incrementAndGet();
            return history;
        });
        assertThat(auto.describe()).startsWith("auto: 1 (no build");
        history.addAll(oneAfterAnother(12, 2.5, 3 * GB));
        assertThat(auto.slots()).isEqualTo(7);
        history.clear();
        assertThat(auto.describe()).startsWith("auto: no pressure reported (unknown); load unknown on 16 cores → 7 slots = min(now");
        assertThat(reads).hasValue(2);
    }

    /** {@code count} builds that each held a slot alone, one after another. */
    static List<BuildUsage> oneAfterAnother(int count, double coresBusy, long peak) {
        List<BuildUsage> builds = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            builds.add(BuildUsage.described(T0 + i * 120_000L, Duration.ofSeconds(60), coresBusy, peak));
        }
        return builds;
    }

    /** {@code rounds} rounds of {@code width} builds started together, each round after the last. */
    static List<BuildUsage> together(int rounds, int width, double coresBusy, long peak) {
        List<BuildUsage> builds = new ArrayList<>();
        for (int round = 0; round < rounds; round++) {
            for (int i = 0; i < width; i++) {
                builds.add(BuildUsage.described(T0 + round * 600_000L + i * 500L, Duration.ofSeconds(120), coresBusy, peak));
            }
        }
        return builds;
    }
}

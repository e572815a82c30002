package dev.queuelock.build.slots;

import static dev.queuelock.build.slots.MachineFacts.GB;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code auto} on described machines as they are now: pressure, load, our holders and what our builds got. */
class MachineRoomTest {

    private static final long NOW = 1_780_000_000_000L;
    private static final MachineFacts TWO_CORES = MachineFacts.described(2, 24 * GB, 20 * GB);
    private static final MachinePressure IDLE = MachinePressure.described(0, 0, 0, 0.1);
    /** Three {@code sha256sum /dev/zero} on two cores: the CPU always has someone waiting. */
    private static final MachinePressure THREE_BURNERS = MachinePressure.described(100, 0, 1, 3.0);

    @Test
    void anIdleTwoCoreMachineHoldsWhatTheHistorySays() {
        AutoSlots.Decision decision = decide(IDLE, builds(0.45), 0);
        assertThat(decision.slots()).as(decision.text()).isEqualTo(5); // 4.4 fit, a fifth shares
        assertThat(decision.text()).startsWith("auto: pressure: cpu some 0 %, memory 0 %, io 0 %; load 0.1 on 2 cores, 0.00 of it ours"
                + " → 5 slots = min(now (2 cores - 0.10 others' load) / 0.45 per build = 5, idle 5): idle min(cores 2");
    }

    @Test
    void threeBurnersOnTwoCoresLeaveRoomForOneBuild() {
        AutoSlots.Decision decision = decide(THREE_BURNERS, builds(0.45), 0);
        assertThat(decision.slots()).isEqualTo(1);
        assertThat(decision.text()).startsWith("auto: pressure: cpu some 100 %, memory 0 %, io 1 %; load 3.0 on 2 cores, 0.00 of it ours"
                + " → 1 slot = at least 1, as min(now (2 cores - 3.0 others' load) / 0.45 per build = 0, idle 5)");
        // with one of ours holding, the load is four: still no room for a second
        assertThat(decide(MachinePressure.described(100, 0, 1, 4.0), builds(0.45), 1).slots()).isEqualTo(1);
    }

    @Test
    void burnersJustStartedAreSeenByCpuPressureBeforeTheLoadAverageRises() {
        // one of ours holds (0.45 cores); the load is still 1.2, but someone waits for a CPU 90 % of the time
        AutoSlots.Decision decision = decide(MachinePressure.described(90, 0, 0, 1.2), builds(0.45), 1);
        assertThat(decision.slots()).as(decision.text()).isEqualTo(1);
        // the same load without the stall leaves room
        assertThat(decide(MachinePressure.described(20, 0, 0, 1.2), builds(0.45), 1).slots()).isEqualTo(3);
    }

    @Test
    void memoryPressureAdmitsNoBuildBeyondTheHoldingOnes() {
        AutoSlots.Decision decision = decide(MachinePressure.described(5, 25, 0, 1.0), builds(0.45), 2);
        assertThat(decision.slots()).as(decision.text()).isEqualTo(2);
        assertThat(decision.text()).contains("memory stalled: none beyond the 2 holding");
        assertThat(decide(MachinePressure.described(5, 25, 0, 0.1), builds(0.45), 0).slots()).isEqualTo(1);
        assertThat(decide(MachinePressure.described(5, 2, 0, 1.0), builds(0.45), 2).slots()).isEqualTo(5);
    }

    @Test
    void ioPressureAdmitsNoBuildBeyondTheHoldingOnesWhileTheCpuLooksIdle() {
        AutoSlots.Decision decision = decide(MachinePressure.described(0, 0, 66, 0.5), builds(0.45), 1);
        assertThat(decision.slots()).as(decision.text()).isEqualTo(1);
        assertThat(decision.text()).contains("io stalled");
        assertThat(decide(MachinePressure.described(0, 0, 8, 0.5), builds(0.45), 1).slots()).isEqualTo(5);
    }

    @Test
    void aMachineWithoutPressureIsJudgedByItsLoadAverage() {
        AutoSlots.Decision loaded = decide(MachinePressure.loadOnly(3.0), builds(0.45), 0);
        assertThat(loaded.slots()).isEqualTo(1);
        assertThat(loaded.text()).startsWith("auto: no pressure reported (described); load 3.0 on 2 cores");
        // 0.3 of others' load leaves 1.7 cores: 3.8 fit, a fourth shares
        assertThat(decide(MachinePressure.loadOnly(0.3), builds(0.45), 0).slots()).isEqualTo(4);
        assertThat(decide(MachinePressure.UNKNOWN, builds(0.45), 0).slots()).isEqualTo(5);
    }

    @Test
    void aBuildThatRanBesideOthersWorkWantedMoreThanItGot() {
        // 16.3 CPU seconds over 62 s held at load 8 on 2 cores: it got 0.26 cores of the 1.05 it wanted
        List<BuildUsage> starved = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            starved.add(new BuildUsage(NOW - 3_600_000L + i * 120_000L, 62_000, 16_300, GB, "linux", 8.0));
        }
        AutoSlots.Decision idle = decide(IDLE, starved, 0);
        assertThat(idle.slots()).as(idle.text()).isEqualTo(2); // 1.05: one fits, a second shares
        assertThat(idle.text()).contains("1.1 busy per build").contains("3 counted busier");
        assertThat(decide(MachinePressure.described(60, 0, 0, 8.0), starved, 0).slots()).isEqualTo(1);
        // as measured, without the load, the same builds looked light: 8
        List<BuildUsage> unknownLoad = new ArrayList<>();
        for (BuildUsage build : starved) {
            unknownLoad.add(build.withLoad(-1));
        }
        assertThat(decide(IDLE, unknownLoad, 0).slots()).isEqualTo(8);
    }

    @Test
    void aBuildOfOursThatJustEndedIsNotCountedAsSomeoneElsesLoad() {
        // two of ours hold at 0.7 cores; a third ended 2 s ago: the load still has 0.43 of it
        List<BuildUsage> history = new ArrayList<>(builds(0.7));
        history.add(BuildUsage.described(NOW - 62_000, Duration.ofSeconds(60), 0.7, GB));
        AutoSlots.Decision decision = decide(MachinePressure.described(10, 0, 0, 2.1), history, 2);
        assertThat(decision.slots()).as(decision.text()).isEqualTo(3);
        assertThat(RecentBuilds.lingeringLoad(history, 2, NOW)).isBetween(0.42, 0.44);
    }

    @Test
    void aCalmCpuCountsTheTasksRunningNowNotALoadAverageStillHoldingTheLastMinute() {
        // Seen after benchmark rounds: nothing runs now, but the one-minute load still reads 2.8
        MachinePressure afterABurst = MachinePressure.described(3, 0, 0, 2.8).withNow(3.7, 0);
        AutoSlots.Decision decision = decide(afterABurst, builds(0.6), 0);
        assertThat(decision.slots()).as(decision.text()).isEqualTo(4); // 3.3 fit, a fourth shares: what the idle machine holds
        assertThat(decision.text()).startsWith("auto: pressure: cpu some 3 %, memory 0 %, io 0 %; load 2.8 (5 min: 3.7) on 2 cores,"
                + " 0.00 of it ours, 0 tasks running now → 4 slots = min(now (2 cores - 0.00 others' tasks running now, the CPU"
                + " calm: the load is the last minute's) / 0.60 per build = 4, idle 4)");
        // the same load while the CPU is contended is taken as now: one
        AutoSlots.Decision contended = decide(MachinePressure.described(40, 0, 0, 2.8).withNow(3.7, 0), builds(0.6), 0);
        assertThat(contended.slots()).as(contended.text()).isEqualTo(1);
        assertThat(contended.text()).contains("(2 cores - 2.8 others' load)");
    }

    @Test
    void aSteadyBurnerIsAlwaysRunningAndStillCounts() {
        // one sha256sum on 2 cores: nobody waits for a CPU, one task always runs
        MachinePressure burner = MachinePressure.described(1, 0, 0, 1.0).withNow(1.0, 1);
        AutoSlots.Decision cpuBound = decide(burner, builds(1.0), 0);
        assertThat(cpuBound.slots()).as(cpuBound.text()).isEqualTo(1);
        assertThat(cpuBound.text()).contains("1 task running now").contains("(2 cores - 1.0 others' load) / 1.0 per build = 1");
        assertThat(decide(burner, builds(0.6), 0).slots()).isEqualTo(2); // one fits the free core, a second shares it
        // the burner beside a burst that ended: the burner counts, the burst does not
        AutoSlots.Decision afterABurst = decide(MachinePressure.described(2, 0, 0, 2.8).withNow(3.7, 1), builds(0.6), 0);
        assertThat(afterABurst.slots()).as(afterABurst.text()).isEqualTo(2);
        assertThat(afterABurst.text()).contains("(2 cores - 1.0 others' tasks running now, the CPU calm");
        // one of ours holding (1.0 cores, running) beside the burner: no room for a second
        AutoSlots.Decision holding = decide(MachinePressure.described(12, 0, 0, 2.0).withNow(2.0, 2), builds(1.0), 1);
        assertThat(holding.slots()).as(holding.text()).isEqualTo(1);
    }

    @Test
    void memoryOrIoPressureKeepsTheLoadAverageAsNow() {
        MachinePressure ioBusy = MachinePressure.described(3, 0, 35, 2.8).withNow(3.7, 0);
        AutoSlots.Decision decision = decide(ioBusy, builds(0.6), 1);
        assertThat(decision.slots()).as(decision.text()).isEqualTo(1);
        assertThat(decision.text()).contains("others' load").doesNotContain("running now,");
    }

    @Test
    void withoutPressureAFallingLoadIsThePastAndTheTasksRunningNowCount() {
        // a kernel without PSI: the one-minute load below the five-minute one is a burst that is ending
        MachinePressure falling = new MachinePressure(-1, -1, -1, 2.8, 3.7, 0, "linux-load");
        AutoSlots.Decision decision = decide(falling, builds(0.6), 0);
        assertThat(decision.slots()).as(decision.text()).isEqualTo(4);
        assertThat(decision.text()).startsWith("auto: no pressure reported (linux-load); load 2.8 (5 min: 3.7) on 2 cores, 0.00 of it"
                + " ours, 0 tasks running now → 4 slots = min(now (2 cores - 0.00 others' tasks running now, the load falling: the"
                + " load is the last minute's)");
        // steady (or rising) load is taken as now, whatever one instant shows
        AutoSlots.Decision steady = decide(new MachinePressure(-1, -1, -1, 2.8, 2.9, 0, "linux-load"), builds(0.6), 0);
        assertThat(steady.slots()).as(steady.text()).isEqualTo(1);
        // a process with no earlier reading of its own, on the portable path: judged by the load alone
        assertThat(decide(MachinePressure.loadOnly(2.8), builds(0.6), 0).slots()).isEqualTo(1);
    }

    @Test
    void thePortablePathTellsAFallingLoadByItsOwnEarlierReading() {
        // read 3.7 twenty seconds ago, 2.8 now: on average 0.53 ran since (the rest is the decay)
        MachinePressure falling = new MachinePressure(-1, -1, -1, 2.8, "portable").withEarlier(3.7, 20);
        AutoSlots.Decision decision = decide(falling, builds(0.6), 0);
        assertThat(decision.slots()).as(decision.text()).isEqualTo(3);
        assertThat(decision.text()).startsWith("auto: no pressure reported (portable); load 2.8 (3.7 20 s ago) on 2 cores, 0.00 of it"
                + " ours → 3 slots = min(now (2 cores - 0.53 others' load since 20 s ago, the load falling: the load is the last"
                + " minute's) / 0.60 per build = 3, idle 4)");
        // pure decay over 30 s: nothing ran since
        double decayed = 3.7 * Math.exp(-0.5);
        assertThat(decide(new MachinePressure(-1, -1, -1, decayed, "portable").withEarlier(3.7, 30), builds(0.6), 0).slots())
                .isEqualTo(4);
        // a steady load is taken as now
        assertThat(decide(new MachinePressure(-1, -1, -1, 2.8, "portable").withEarlier(2.9, 30), builds(0.6), 0).slots())
                .isEqualTo(1);
        // a steady burner under a falling load still counts: 1.0 ran since
        double burnerUnderDecay = 1.0 + (3.7 - 1.0) * Math.exp(-0.5);
        AutoSlots.Decision burner = decide(new MachinePressure(-1, -1, -1, burnerUnderDecay, "portable").withEarlier(3.7, 30),
                builds(1.0), 0);
        assertThat(burner.slots()).as(burner.text()).isEqualTo(1);
    }

    @Test
    void neverBelowOne() {
        assertThat(decide(MachinePressure.described(100, 90, 90, 40), builds(1.9), 0).slots()).isEqualTo(1);
    }

    private static AutoSlots.Decision decide(MachinePressure pressure, List<BuildUsage> history, int holding) {
        return AutoSlots.decide(TWO_CORES, pressure, history, holding, NOW);
    }

    /** Six builds that held a slot alone an hour ago, each keeping {@code coresBusy} busy. */
    private static List<BuildUsage> builds(double coresBusy) {
        List<BuildUsage> builds = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            builds.add(BuildUsage.described(NOW - 3_600_000L + i * 120_000L, Duration.ofSeconds(60), coresBusy, GB));
        }
        return builds;
    }
}

package dev.queuelock.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** The processor-sharing model behind the slots scenario's scaled table. */
class SharingModelTest {

    @Test
    void oneSlotRunsTheBuildsOneAfterAnother() {
        SharingModel.Outcome o = SharingModel.run(3, 1, 16, 30, 2);
        assertThat(o.results()).containsExactly(30, 60, 90);
        assertThat(o.waits()).containsExactly(0, 30, 60);
        assertThat(o.total()).isEqualTo(90);
        assertThat(o.meanResult()).isEqualTo(60);
    }

    @Test
    void buildsThatFitTheCoresRunAsFastAsAlone() {
        SharingModel.Outcome o = SharingModel.run(6, SharingModel.UNLIMITED, 16, 30, 2.5);
        assertThat(o.results()).containsOnly(30.0);
        assertThat(o.meanWait()).isZero();
    }

    @Test
    void buildsBeyondTheCoresShareThemAndAllFinishLate() {
        // 4 builds of 2 cores on 2 cores: each gets half a core, a quarter of its speed alone.
        SharingModel.Outcome o = SharingModel.run(4, SharingModel.UNLIMITED, 2, 10, 2);
        assertThat(o.results()).containsOnly(40.0);
        // The same work in turns: the same total, but results come at 10, 20, 30, 40.
        SharingModel.Outcome turns = SharingModel.run(4, 1, 2, 10, 2);
        assertThat(turns.total()).isCloseTo(40, within(1e-9));
        assertThat(turns.meanResult()).isCloseTo(25, within(1e-9));
    }

    @Test
    void aFreedSlotGoesToTheNextWaiterAndTheSharesChange() {
        // 3 builds of 1 core on 2 cores, 2 slots: two run at full speed, the third after them.
        SharingModel.Outcome o = SharingModel.run(3, 2, 2, 10, 1);
        assertThat(o.results()).containsExactly(10, 10, 20);
        // Mostly waiting builds (0.2 cores) barely slow each other: 6 on 1 core still run alone.
        assertThat(SharingModel.run(5, SharingModel.UNLIMITED, 1, 20, 0.2).total()).isCloseTo(20, within(1e-9));
        assertThat(SharingModel.run(10, SharingModel.UNLIMITED, 1, 20, 0.2).total()).isCloseTo(40, within(1e-9));
    }
}

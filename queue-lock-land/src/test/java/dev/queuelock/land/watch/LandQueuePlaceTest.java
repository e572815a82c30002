package dev.queuelock.land.watch;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import dev.queuelock.QueueSnapshot;
import dev.queuelock.land.base.Outcome;
import dev.queuelock.land.base.Phase;
import dev.queuelock.land.base.QueuePause;
import dev.queuelock.land.history.LandRun;
import dev.queuelock.land.history.LandStats;
import dev.queuelock.land.history.LandingNote;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What a land waiter is told of where it stands: its place, what is ahead by lane, and an estimate only where the history gives one. */
class LandQueuePlaceTest {

    private static final long NOW = 1_800_000_000_000L;
    private static final LockRecord A = new LockRecord(11, "a", null, NOW - 20_000, null);
    private static final LockRecord B = new LockRecord(22, "b", null, NOW - 15_000, null);
    private static final LockRecord C = new LockRecord(33, "c", null, NOW - 10_000, null);
    private static final LockRecord D = new LockRecord(44, "d", null, NOW - 9_000, null);
    private static final QueueSnapshot LINE = new QueueSnapshot(Path.of("/tmp/l"), List.of(A), List.of(B, C, D));
    private static final Map<String, LandingNote> A_CHECKING = Map.of("a", LandingNote.of(11, Phase.CHECKS, NOW - 5_000));
    private static final LandStats HALF_MINUTE = new LandStats(List.of(landed(30_000), landed(30_000), landed(90_000)));

    @Test
    void aWaiterSaysItsPlaceWhatIsAheadByLaneAndTheEstimateTheWaitersEtaGives() {
        LandQueuePlace place = new LandQueuePlace(LINE, A_CHECKING, Optional.empty(), waiter -> false, HALF_MINUTE, NOW);

        assertThat(place.indexOf(44)).isEqualTo(2);
        assertThat(place.line(2)).isEqualTo("3rd in line for the land queue; ahead: lane a checking, lane b queued, lane c queued;"
                + " about 1m 10s (lane a has held the land queue 20s of a 30s median landing, then 2 more landings of 30s each)");
        assertThat(place.line(0)).isEqualTo("1st in line for the land queue; ahead: lane a checking;"
                + " about 10s (lane a has held the land queue 20s of a 30s median landing)");
        for (int i = 0; i < 3; i++) {
            assertThat(place.line(i)).as("the place's estimate and the waiter's ETA, one rule")
                    .contains("about " + LandEta.of(HALF_MINUTE, LINE, i, NOW).replace(", ETA ~", "") + " (");
        }
        Map<String, Object> json = place.json(2);
        assertThat(json).containsEntry("lane", "d").containsEntry("place", 3).containsEntry("estimateMillis", 70_000L);
        assertThat(json.get("ahead")).isEqualTo(List.of(Map.of("lane", "a", "state", "checking"), Map.of("lane", "b", "state", "queued"),
                Map.of("lane", "c", "state", "queued")));
    }

    @Test
    void behindAHolderPastTheMedianTheFirstIsDueNowAndTheOthersGetNoEstimateAsTheirEtaSays() {
        LandQueuePlace place = new LandQueuePlace(LINE, A_CHECKING, Optional.empty(), waiter -> false, HALF_MINUTE, NOW + 15_000);

        assertThat(place.line(0)).endsWith("; due now (lane a has held the land queue 35s, past the median landing of 30s)");
        assertThat(LandEta.of(HALF_MINUTE, LINE, 0, NOW + 15_000)).isEqualTo(", ETA overdue");
        assertThat(place.line(1)).endsWith("; no estimate (lane a has held the land queue 35s, past the median landing of 30s)");
        assertThat(LandEta.of(HALF_MINUTE, LINE, 1, NOW + 15_000)).isEmpty();
        assertThat(place.json(0)).containsEntry("estimateMillis", 0L);
        assertThat(place.json(1)).containsEntry("estimateMillis", null);
    }

    @Test
    void withoutHistoryItSaysNoEstimate() {
        LandQueuePlace place = new LandQueuePlace(LINE, A_CHECKING, Optional.empty(), waiter -> false, new LandStats(List.of()), NOW);

        assertThat(place.line(1)).endsWith("; no estimate (no landing in the history yet)");
        assertThat(place.json(1)).containsEntry("estimateMillis", null);
    }

    @Test
    void aPausedHolderAndWaitersTakenIntoItsLandingAreSaidAsSuch() {
        QueuePause pause = new QueuePause("alice in main", "main is broken", NOW - 60_000);
        Map<String, LandingNote> aWaitingForASlot = Map.of("a", LandingNote.of(11, Phase.SLOT_WAIT, NOW - 5_000));
        LandQueuePlace place = new LandQueuePlace(LINE, aWaitingForASlot, Optional.of(pause), waiter -> waiter.lane().equals("b"), HALF_MINUTE, NOW);

        assertThat(place.line(2)).isEqualTo("3rd in line for the land queue; ahead: lane a paused before its checks,"
                + " lane b taken into lane a's landing, lane c queued; no estimate while the land queue is paused");
    }

    @Test
    void aWaiterOfHighPriorityAheadIsNamedSo() {
        LockRecord urgent = new LockRecord(55, "e", null, NOW - 16_000, null).withHighPriority(NOW - 1_000);
        QueueSnapshot line = new QueueSnapshot(Path.of("/tmp/l"), List.of(A), List.of(urgent, B, C));
        LandQueuePlace place = new LandQueuePlace(line, A_CHECKING, Optional.empty(), waiter -> false, HALF_MINUTE, NOW);

        assertThat(place.line(1)).startsWith("2nd in line for the land queue; ahead: lane a checking, lane e queued (priority high);");
        assertThat(line.wentAheadOf(urgent)).containsExactly(B, C);
    }

    @Test
    void ordinalsReadAsEnglish() {
        assertThat(List.of(1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111).stream().map(LandQueuePlace::ordinal))
                .containsExactly("1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th");
    }

    private static LandRun landed(long millis) {
        return new LandRun("2026-12-02T10:04:00Z", "z", null, null, Outcome.LANDED, millis, Map.of(Phase.CHECKS.id(), millis), 0, null);
    }
}

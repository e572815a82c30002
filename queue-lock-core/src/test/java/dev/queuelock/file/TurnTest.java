package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The wait loop's decision, from what a look saw: no files, no processes. */
class TurnTest {

    private static final Ticket OWN = Ticket.parse("20-7");
    private static final Ticket AHEAD = Ticket.parse("10-3");
    private static final Ticket HOLDER = Ticket.holder(Path.of("lock"), new LockRecord(4, "lane", null, 5, null), true);

    @Test
    void aVanishedTicketReEnrollsWhateverElseIsSeen() {
        assertThat(decide(new QueueLook(OWN, false, HOLDER, false, false, AHEAD, false, 1, 0)).step())
                .isEqualTo(Turn.Step.REENROLL);
    }

    @Test
    void aLiveTicketAheadIsWaitedOnWhateverTheLockSays() {
        for (Ticket holder : new Ticket[] {null, HOLDER}) {
            Turn turn = decide(new QueueLook(OWN, true, holder, false, false, AHEAD, true, 3, 0));
            assertThat(turn.step()).isEqualTo(Turn.Step.WAIT);
            assertThat(turn.subject()).isSameAs(AHEAD);
            assertThat(turn.firstInLine()).isFalse();
        }
    }

    @Test
    void aDeadTicketAheadIsRemovedBeforeAnythingElse() {
        Turn turn = decide(new QueueLook(OWN, true, null, false, false, AHEAD, false, 1, 0));
        assertThat(turn.step()).isEqualTo(Turn.Step.REMOVE_DEAD_TICKET);
        assertThat(turn.subject()).isSameAs(AHEAD);
    }

    @Test
    void firstInLineTakesAFreeLock() {
        assertThat(decide(new QueueLook(OWN, true, null, false, false, null, false, 0, 0)).step()).isEqualTo(Turn.Step.TAKE);
    }

    @Test
    void firstInLineReclaimsADeadHoldersLockAndWaitsOnALiveOne() {
        Turn dead = decide(new QueueLook(OWN, true, HOLDER, false, false, null, false, 0, 0));
        assertThat(dead.step()).isEqualTo(Turn.Step.RECLAIM_DEAD_LOCK);
        assertThat(dead.subject()).isSameAs(HOLDER);

        Turn live = decide(new QueueLook(OWN, true, HOLDER, true, false, null, false, 0, 0));
        assertThat(live.step()).isEqualTo(Turn.Step.WAIT);
        assertThat(live.subject()).isSameAs(HOLDER);
        assertThat(live.firstInLine()).isTrue();
    }

    @Test
    void theHoldersOwnTicketStillCountsForOrderButIsNotShown() {
        QueueLook look = new QueueLook(OWN, true, HOLDER, true, false, AHEAD, true, 3, 1);
        assertThat(decide(look).step()).as("a waiter waits until that ticket is gone").isEqualTo(Turn.Step.WAIT);
        assertThat(look.shownAhead()).isEqualTo(2);
    }

    @Test
    void aWaiterBehindWakesForItsPredecessorAndItsOwnTicketOnly() {
        Turn turn = decide(new QueueLook(OWN, true, HOLDER, true, false, AHEAD, true, 2, 0));
        assertThat(turn.wakeFor(true, false, "10-3")).as("the predecessor goes").isEqualTo(Turn.Wake.NOW);
        assertThat(turn.wakeFor(true, false, "20-7")).as("its own ticket vanishes").isEqualTo(Turn.Wake.NOW);
        assertThat(turn.wakeFor(true, false, "9-1")).as("further ahead: only the report").isEqualTo(Turn.Wake.LATER);
        assertThat(turn.wakeFor(true, true, "15-1")).as("re-enrolled ahead: only the report").isEqualTo(Turn.Wake.LATER);
        assertThat(turn.wakeFor(true, false, "30-1")).as("behind").isEqualTo(Turn.Wake.NO);
        assertThat(turn.wakeFor(true, true, "30-1")).as("a newcomer behind").isEqualTo(Turn.Wake.NO);
        assertThat(turn.wakeFor(false, false, "lock")).as("the lock, while not first").isEqualTo(Turn.Wake.NO);
        assertThat(turn.wakeFor(true, false, "lock.4.tmp")).isEqualTo(Turn.Wake.NO);
    }

    @Test
    void theFirstInLineWakesForTheLocksGoing() {
        Turn turn = decide(new QueueLook(OWN, true, HOLDER, true, false, null, false, 0, 0));
        assertThat(turn.wakeFor(false, false, "lock")).isEqualTo(Turn.Wake.NOW);
        assertThat(turn.wakeFor(false, false, "lock.9.reclaim")).isEqualTo(Turn.Wake.NO);
        assertThat(turn.wakeFor(true, false, "20-7")).isEqualTo(Turn.Wake.NOW);
        assertThat(turn.wakeFor(true, false, "30-1")).isEqualTo(Turn.Wake.NO);
    }

    private static Turn decide(QueueLook look) {
        return Turn.decide(look);
    }
}

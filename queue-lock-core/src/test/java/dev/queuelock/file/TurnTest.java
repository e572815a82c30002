package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.LockRecord;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The wait loop's decision, from what a look saw: no files, no processes. */
class TurnTest {

    private static final Ticket OWN = Ticket.parse("20-7");
    private static final Ticket AHEAD = Ticket.parse("10-3");
    private static final Ticket HOLDER = Ticket.holder(Path.of("lock"), new LockRecord(4, "lane", null, 5, null), true);

    @Test
    void aVanishedTicketReEnrollsWhateverElseIsSeen() {
        assertThat(decide(look(false, HOLDER, false, AHEAD, false, 1, 0)).step())
                .isEqualTo(Turn.Step.REENROLL);
    }

    @Test
    void aLiveTicketAheadIsWaitedOnWhateverTheLockSays() {
        for (Ticket holder : new Ticket[] {null, HOLDER}) {
            Turn turn = decide(look(true, holder, false, AHEAD, true, 3, 0));
            assertThat(turn.step()).isEqualTo(Turn.Step.WAIT);
            assertThat(turn.subject()).isSameAs(AHEAD);
            assertThat(turn.firstInLine()).isFalse();
        }
    }

    @Test
    void aDeadTicketAheadIsRemovedBeforeAnythingElse() {
        Turn turn = decide(look(true, null, false, AHEAD, false, 1, 0));
        assertThat(turn.step()).isEqualTo(Turn.Step.REMOVE_DEAD_TICKET);
        assertThat(turn.subject()).isSameAs(AHEAD);
    }

    @Test
    void firstInLineTakesAFreeLock() {
        assertThat(decide(look(true, null, false, null, false, 0, 0)).step()).isEqualTo(Turn.Step.TAKE);
    }

    @Test
    void firstInLineReclaimsADeadHoldersLockAndWaitsOnALiveOne() {
        Turn dead = decide(look(true, HOLDER, false, null, false, 0, 0));
        assertThat(dead.step()).isEqualTo(Turn.Step.RECLAIM_DEAD_LOCK);
        assertThat(dead.subject()).isSameAs(HOLDER);

        Turn live = decide(look(true, HOLDER, true, null, false, 0, 0));
        assertThat(live.step()).isEqualTo(Turn.Step.WAIT);
        assertThat(live.subject()).isSameAs(HOLDER);
        assertThat(live.firstInLine()).isTrue();
    }

    @Test
    void theHoldersOwnTicketStillCountsForOrderButIsNotShown() {
        QueueLook look = look(true, HOLDER, true, AHEAD, true, 3, 1);
        assertThat(decide(look).step()).as("a waiter waits until that ticket is gone").isEqualTo(Turn.Step.WAIT);
        assertThat(look.shownAhead()).isEqualTo(2);
    }

    @Test
    void aWaiterBehindWakesForItsPredecessorAndItsOwnTicketOnly() {
        Turn turn = decide(look(true, HOLDER, true, AHEAD, true, 2, 0));
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
        Turn turn = decide(look(true, HOLDER, true, null, false, 0, 0));
        assertThat(turn.wakeFor(false, false, "lock")).isEqualTo(Turn.Wake.NOW);
        assertThat(turn.wakeFor(false, false, "lock.9.reclaim")).isEqualTo(Turn.Wake.NO);
        assertThat(turn.wakeFor(true, false, "20-7")).isEqualTo(Turn.Wake.NOW);
        assertThat(turn.wakeFor(true, false, "30-1")).isEqualTo(Turn.Wake.NO);
    }

    @Test
    void withSeveralSlotsTheFirstInLineTakesAFreeOneTheHighestFirst() {
        Turn turn = Turn.decide(slots(3, live(2)));
        assertThat(turn.step()).isEqualTo(Turn.Step.TAKE);
        assertThat(turn.slot()).as("slot 1, the npm tool's lock, is taken last").isEqualTo(3);
        assertThat(Turn.decide(slots(3, live(3), live(2))).slot()).isEqualTo(1);
        assertThat(Turn.decide(slots(2)).slot()).isEqualTo(2);
    }

    @Test
    void withEverySlotBusyTheFirstInLineWaitsOnEveryHolderAndWakesWhenAnyGoes() {
        QueueLook.Holding one = live(1);
        QueueLook.Holding two = live(2);
        Turn turn = Turn.decide(slots(2, one, two));
        assertThat(turn.step()).isEqualTo(Turn.Step.WAIT);
        assertThat(turn.waitedOn()).containsExactly(one.ticket, two.ticket);
        assertThat(turn.wakeFor(false, false, "slot-2")).isEqualTo(Turn.Wake.NOW);
        assertThat(turn.wakeFor(false, false, "lock")).isEqualTo(Turn.Wake.NOW);
        assertThat(turn.wakeFor(false, false, "slot-2.9.tmp")).isEqualTo(Turn.Wake.NO);
        assertThat(turn.wakeFor(false, true, "slot-3")).isEqualTo(Turn.Wake.NO);
    }

    @Test
    void holdersOfSlotsBeyondTheWaitersCountStillCount() {
        // Another build was told 5 slots and holds slot 5: with 2 slots and two holders, none is free.
        assertThat(Turn.decide(slots(2, live(5), live(2))).step()).isEqualTo(Turn.Step.WAIT);
        assertThat(Turn.decide(slots(2, live(5))).slot()).isEqualTo(2);
    }

    @Test
    void aDeadHolderOfAnySlotIsReclaimedBeforeAFreeSlotIsTaken() {
        QueueLook.Holding dead = new QueueLook.Holding(holderOf(4, 9), false, false);
        Turn turn = Turn.decide(slots(5, live(1), dead));
        assertThat(turn.step()).isEqualTo(Turn.Step.RECLAIM_DEAD_LOCK);
        assertThat(turn.slot()).isEqualTo(4);
        assertThat(turn.subject()).isSameAs(dead.ticket);
    }

    private static QueueLook look(boolean enrolled, Ticket holder, boolean holderAlive, Ticket nearest, boolean nearestAlive, int ahead,
            int holdersTickets) {
        List<QueueLook.Holding> holdings = holder == null ? List.of() : List.of(new QueueLook.Holding(holder, holderAlive, false));
        return new QueueLook(OWN, 1, enrolled, holdings, nearest, nearestAlive, ahead, holdersTickets);
    }

    private static QueueLook slots(int slots, QueueLook.Holding... holdings) {
        return new QueueLook(OWN, slots, true, List.of(holdings), null, false, 0, 0);
    }

    private static QueueLook.Holding live(int slot) {
        return new QueueLook.Holding(holderOf(slot, 100 + slot), true, false);
    }

    private static Ticket holderOf(int slot, long pid) {
        return Ticket.holder(Path.of(QueueDirectory.slotName(slot)), new LockRecord(pid, "lane-" + slot, null, slot, null), true);
    }

    private static Turn decide(QueueLook look) {
        return Turn.decide(look);
    }
}

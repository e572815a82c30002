package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.AcquireOptions;
import dev.queuelock.LockRecord;
import dev.queuelock.json.RecordJson;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Where a waiter of high priority is placed: after the holders' line's high ones and those kept ahead, before the other waiters. */
class PriorityPlaceTest {

    private static final long NOW = 1_800_000_000_000L;
    private static final AcquireOptions HIGH = AcquireOptions.defaults().withHighPriority(waiter -> false);

    @Test
    void theFirstOneOfHighPriorityGoesAheadOfEveryWaiterWithRoomForMore() {
        List<Ticket> line = List.of(ticket(11, "b", NOW - 5_000), ticket(12, "c", NOW - 2_000));

        LockRecord placed = PriorityPlace.of(line, HIGH, mine());

        assertThat(placed.ts()).isEqualTo(NOW - 5_000 - PriorityPlace.ROOM_MILLIS);
        assertThat(placed.highPriority()).isTrue();
        assertThat(placed.enrolledAt()).isEqualTo(NOW);
        assertThat(served(line, placed)).containsExactly("d", "b", "c");
    }

    @Test
    void aSecondOneOfHighPriorityGoesBehindTheFirstAndAheadOfTheOrdinaryOnes() {
        List<Ticket> line = new ArrayList<>(List.of(ticket(11, "b", NOW - 5_000), ticket(12, "c", NOW - 2_000)));
        line.add(0, ticket(13, "d", NOW - 5_000 - PriorityPlace.ROOM_MILLIS, true));

        LockRecord placed = PriorityPlace.of(line, HIGH, new LockRecord(98, "e", null, NOW + 10, null));

        assertThat(served(line, placed)).containsExactly("d", "e", "b", "c");
    }

    @Test
    void waitersKeptAheadKeepTheirPlace() {
        List<Ticket> line = List.of(ticket(11, "b", NOW - 5_000), ticket(12, "c", NOW - 2_000));
        AcquireOptions keepB = AcquireOptions.defaults().withHighPriority(waiter -> waiter.lane().equals("b"));

        assertThat(served(line, PriorityPlace.of(line, keepB, mine()))).containsExactly("b", "d", "c");
    }

    @Test
    void withNobodyWaitingOrNoFreeTsItQueuesAtItsOwnPlace() {
        assertThat(PriorityPlace.of(List.of(), HIGH, mine()).ts()).isEqualTo(NOW);

        List<Ticket> tight = List.of(ticket(11, "b", NOW - 5_001), ticket(12, "c", NOW - 5_000));
        AcquireOptions keepB = AcquireOptions.defaults().withHighPriority(waiter -> waiter.lane().equals("b"));
        assertThat(served(tight, PriorityPlace.of(tight, keepB, mine()))).containsExactly("b", "c", "d");
    }

    @Test
    void theTicketSaysItsPriorityAndWhenItReallyEnrolled() {
        LockRecord placed = PriorityPlace.of(List.of(ticket(11, "b", NOW - 5_000)), HIGH, mine());

        LockRecord read = RecordJson.decode(RecordJson.encode(placed)).orElseThrow();

        assertThat(read).isEqualTo(placed);
        assertThat(new String(RecordJson.encode(placed), java.nio.charset.StandardCharsets.UTF_8))
                .endsWith(",\"priority\":\"high\",\"enrolled\":" + NOW + "}");
    }

    private static LockRecord mine() {
        return new LockRecord(99, "d", null, NOW, null);
    }

    private static Ticket ticket(long pid, String lane, long ts) {
        return ticket(pid, lane, ts, false);
    }

    private static Ticket ticket(long pid, String lane, long ts, boolean high) {
        LockRecord record = new LockRecord(pid, lane, null, ts, null);
        return Ticket.parse(Ticket.nameOf(ts, pid)).withBody(high ? record.withHighPriority(NOW - 1) : record, false);
    }

    /** The lanes in the order the tickets' names sort, the placed one among them. */
    private static List<String> served(List<Ticket> line, LockRecord placed) {
        List<Ticket> all = new ArrayList<>(line);
        all.add(Ticket.parse(Ticket.nameOf(placed.ts(), placed.pid())).withBody(placed, false));
        all.sort(FifoOrder.SERVED_FIRST);
        List<String> lanes = new ArrayList<>();
        all.forEach(t -> lanes.add(t.record().lane()));
        return lanes;
    }
}

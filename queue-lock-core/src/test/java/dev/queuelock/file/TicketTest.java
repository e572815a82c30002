package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Ticket names decide the order; parsed by hand, they must read exactly as the npm tool's sort. */
class TicketTest {

    @Test
    void readsTimestampAndPid() {
        Ticket ticket = Ticket.parse("1796285199478-12374");
        assertThat(ticket.ts()).isEqualTo(1796285199478L);
        assertThat(ticket.pid()).isEqualTo(12374L);
        assertThat(ticket.name()).isEqualTo(Ticket.nameOf(1796285199478L, 12374L));
    }

    @Test
    void refusesWhatIsNoTicketName() {
        for (String bad : new String[] {"", "-", "1-", "-1", "1-2-3", "a-1", "1-a", "1.0-2", "lock", "1-2.tmp", " 1-2",
                "12345678901234567890-1", "1-12345678901234567890", "9999999999999999999-1"}) {
            assertThat(Ticket.parse(bad)).as(bad).isNull();
        }
    }

    @Test
    void servesOlderFirstThenLowerPid() {
        assertThat(before("10-99", "11-1")).isTrue();
        assertThat(before("11-1", "10-99")).isFalse();
        assertThat(before("10-1", "10-2")).isTrue();
        assertThat(before("10-2", "10-2")).isFalse();
        assertThat(before("9-1", "10-1")).as("by value, not text").isTrue();
        assertThat(before("9223372036854775807-1", "1-1")).as("the largest ts, last").isFalse();
    }

    @Test
    void theNearestAheadIsTheOneServedLast() {
        List<Ticket> ahead = new ArrayList<>();
        for (String name : new String[] {"10-5", "12-1", "9-9", "12-3", "11-7"}) {
            ahead.add(Ticket.parse(name));
        }
        assertThat(FifoOrder.last(ahead).name()).isEqualTo("12-3");
        ahead.sort(FifoOrder.SERVED_FIRST);
        assertThat(ahead).extracting(Ticket::name).containsExactly("9-9", "10-5", "11-7", "12-1", "12-3");
    }

    private static boolean before(String a, String b) {
        return FifoOrder.before(Ticket.parse(a), Ticket.parse(b));
    }
}

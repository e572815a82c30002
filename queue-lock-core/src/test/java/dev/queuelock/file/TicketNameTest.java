package dev.queuelock.file;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Ticket names decide the order; parsed by hand, they must read exactly as the npm tool's sort. */
class TicketNameTest {

    @Test
    void readsTimestampAndPid() {
        TicketName name = TicketName.parse("1796285199478-12374");
        assertThat(name.ts()).isEqualTo(1796285199478L);
        assertThat(name.pid()).isEqualTo(12374L);
        assertThat(name.exact()).isTrue();
    }

    @Test
    void refusesWhatIsNoTicketName() {
        for (String bad : new String[] {"", "-", "1-", "-1", "1-2-3", "a-1", "1-a", "1.0-2", "lock", "1-2.tmp", " 1-2",
                "12345678901234567890-1", "1-12345678901234567890"}) {
            assertThat(TicketName.parse(bad)).as(bad).isNull();
        }
    }

    @Test
    void servesOlderFirstThenLowerPid() {
        assertThat(TicketName.parse("10-99").before(TicketName.parse("11-1"))).isTrue();
        assertThat(TicketName.parse("11-1").before(TicketName.parse("10-99"))).isFalse();
        assertThat(TicketName.parse("10-1").before(TicketName.parse("10-2"))).isTrue();
        assertThat(TicketName.parse("10-2").before(TicketName.parse("10-2"))).isFalse();
        assertThat(TicketName.parse("9-1").before(TicketName.parse("10-1"))).as("by value, not text").isTrue();
    }

    @Test
    void aNumberTooLargeForALongSortsLastAndIsNotExact() {
        TicketName huge = TicketName.parse("9999999999999999999-1");
        assertThat(huge.exact()).isFalse();
        assertThat(TicketName.parse("9223372036854775807-1").before(huge)).isTrue();
        assertThat(huge.before(TicketName.parse("1-1"))).isFalse();
    }
}

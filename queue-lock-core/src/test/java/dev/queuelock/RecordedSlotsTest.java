package dev.queuelock;

import static org.assertj.core.api.Assertions.assertThat;

import dev.queuelock.json.RecordJson;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A holder or waiter records the slots it was told, after the npm tool's keys; garbage there is ignored. */
class RecordedSlotsTest {

    private final LockRecord plain = new LockRecord(4242, "lane-1", "verify", 1_700_000_000_000L, "s1");

    @Test
    void theSlotsComeAfterTheNpmToolsKeysAndReadBack() {
        LockRecord fixed = plain.withSlots(2, false);
        LockRecord auto = plain.withSlots(3, true);

        assertThat(json(fixed)).isEqualTo("{\"pid\":4242,\"lane\":\"lane-1\",\"label\":\"verify\",\"ts\":1700000000000,"
                + "\"start\":\"s1\",\"slots\":2}");
        assertThat(json(auto)).endsWith(",\"slots\":3,\"slotsAuto\":true}");
        assertThat(RecordJson.decode(RecordJson.encode(fixed))).contains(fixed);
        assertThat(RecordJson.decode(RecordJson.encode(auto))).contains(auto);
        assertThat(fixed.at(5L).slots()).hasValue(2);
    }

    @Test
    void aRecordWithoutSlotsIsWrittenAsBefore() {
        assertThat(json(plain)).doesNotContain("slots");
        assertThat(plain.slots()).isEmpty();
        assertThat(plain.withSlots(0, true)).isSameAs(plain);
    }

    @Test
    void slotsThatAreNotAWholeNumberOfOneOrMoreAreNotRecorded() {
        for (String value : new String[] {"0", "-2", "1.5", "\"2\"", "1e12", "true"}) {
            String text = "{\"pid\":1,\"lane\":\"a\",\"ts\":2,\"slots\":" + value + ",\"slotsAuto\":true}";
            LockRecord read = RecordJson.decode(text.getBytes(StandardCharsets.UTF_8)).orElseThrow();
            assertThat(read.slots()).as(value).isEmpty();
            assertThat(read.slotsAuto()).as(value).isFalse();
        }
    }

    private static String json(LockRecord record) {
        return new String(RecordJson.encode(record), StandardCharsets.UTF_8);
    }
}
